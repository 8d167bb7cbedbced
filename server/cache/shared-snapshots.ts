import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { SnapshotTopic } from "../realtime/bus-topics";

export type { SnapshotTopic } from "../realtime/bus-topics";

/**
 * Data every reader sees alike (the home page's articles and brokers, the news dashboard, the
 * calendar, search results) read once per change and then served from memory. Each copy belongs
 * to topics ("content", "news", "calendar", "listings"); whoever changes a topic's data calls
 * `changed(topic)` after the write committed, and the bus carries that to every process, each of
 * which drops its copies of the topic. A copy also expires after `maxAgeMs`: time-windowed reads
 * ("the next seven days") move on, and a write that forgot to announce itself is seen soon anyway.
 *
 * Only data that is the same for every reader may go in: a key never holds a user's id, and a
 * loader for per-user data must not use this.
 */
export interface SharedSnapshots {
  /** The copy of `key`, loading it (once, however many readers ask at the same time) when missing. */
  read<T>(topics: readonly SnapshotTopic[], key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every process's copies of the topics (here at once, elsewhere when the bus delivers). */
  changed(...topics: SnapshotTopic[]): Promise<void>;
}

const BUS_TOPIC = "snapshots:changed";
/** How long a copy may serve before it is read again, announced change or not. */
export const SNAPSHOT_MAX_AGE_MS = 30_000;
/** Copies kept at most (search results are keyed by query); the oldest go first. */
const MAX_ENTRIES = 500;

interface Entry {
  topics: readonly SnapshotTopic[];
  value: Promise<unknown>;
  loadedAt: number;
}

export function createSharedSnapshots(
  bus: Bus,
  log: Logger,
  opts: { maxAgeMs?: number; now?: () => number } = {},
): SharedSnapshots {
  const maxAgeMs = opts.maxAgeMs ?? SNAPSHOT_MAX_AGE_MS;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function drop(topics: readonly string[]) {
    for (const [key, entry] of entries) {
      if (entry.topics.some((t) => topics.includes(t))) entries.delete(key);
    }
  }
  bus.subscribe(BUS_TOPIC, (topics: unknown) => {
    if (Array.isArray(topics)) drop(topics.map(String));
  });
  // Announcements made while the bus was down never arrived: nothing kept can be trusted.
  bus.onReconnect(() => entries.clear());

  return {
    read<T>(topics: readonly SnapshotTopic[], key: string, load: () => Promise<T>) {
      const id = `${topics.join(",")}|${key}`;
      const hit = entries.get(id);
      if (hit && now() - hit.loadedAt < maxAgeMs) return hit.value as Promise<T>;
      const entry: Entry = { topics, value: load(), loadedAt: now() };
      entries.delete(id);
      entries.set(id, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      // A failed read is not kept: the next reader tries again.
      entry.value.catch(() => {
        if (entries.get(id) === entry) entries.delete(id);
      });
      return entry.value as Promise<T>;
    },
    async changed(...topics) {
      drop(topics);
      try {
        await bus.publish(BUS_TOPIC, topics);
      } catch (err) {
        // Other processes keep their copies until they expire; the write itself stands.
        log.error({ err, topics }, "snapshots: announcing a change failed");
      }
    },
  };
}
