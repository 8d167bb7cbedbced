/**
 * A process-local cache of what the database said about a user (their session, their role), kept
 * only while nothing about that user has changed since: every change is announced on the bus
 * (the `auth:changed` trigger) and drops the user's entries (decision record 022).
 *
 * A lookup that was already reading the database when an announcement came may carry what the
 * database held before the change, so it is not stored: `begin()` takes the cache's generation
 * before the read and `set()` refuses once any user was dropped since.
 */
export interface SessionCacheOptions {
  /** The longest an entry is trusted without a fresh read, whatever the bus says. */
  ttlMs: number;
  /** Oldest entries go first past this many. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  userId: string;
  expiresAt: number;
}

export interface SessionCache<V> {
  get(key: string): V | undefined;
  /** The generation to hand to `set` once the database read is done. */
  begin(): number;
  /** Stores unless a user was dropped since `generation`; `validUntil` caps the entry's life. */
  set(key: string, userId: string, value: V, generation: number, validUntil?: number): boolean;
  dropUser(userId: string): void;
  clear(): void;
  size(): number;
}

export function createSessionCache<V>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: SessionCacheOptions): SessionCache<V> {
  const entries = new Map<string, Entry<V>>();
  const keysOfUser = new Map<string, Set<string>>();
  let generation = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOfUser.delete(entry.userId);
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    begin: () => generation,
    set(key, userId, value, since, validUntil = Number.POSITIVE_INFINITY) {
      if (since !== generation) return false;
      const expiresAt = Math.min(now() + ttlMs, validUntil);
      if (expiresAt <= now()) return false;
      remove(key);
      entries.set(key, { value, userId, expiresAt });
      const keys = keysOfUser.get(userId) ?? new Set<string>();
      keysOfUser.set(userId, keys.add(key));
      // A Map iterates in insertion order: the first key is the oldest.
      while (entries.size > maxEntries) remove(entries.keys().next().value as string);
      return true;
    },
    dropUser(userId) {
      generation++;
      for (const key of [...(keysOfUser.get(userId) ?? [])]) remove(key);
    },
    clear() {
      generation++;
      entries.clear();
      keysOfUser.clear();
    },
    size: () => entries.size,
  };
}
