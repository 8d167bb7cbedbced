/**
 * A per-process cache of one value per symbol, valid while its key (the symbol's session) stays
 * the same: the first reader after a session change computes it, the others (and concurrent
 * readers meanwhile) share that one computation. A failed computation is not kept; an empty one
 * (no bars yet: a first start still backfilling) is kept for `emptyMs` only, so the figures appear
 * once the history is stored. Symbols are the known instruments only (the caller checks), so the
 * map stays bounded by the universe.
 */
export interface StatsCache<T> {
  get(symbol: string, key: string): Promise<T>;
}

export function createStatsCache<T>(
  load: (symbol: string) => Promise<T>,
  options: { clock: () => number; emptyMs: number },
): StatsCache<T> {
  const entries = new Map<string, { key: string; value: Promise<T>; emptyUntil?: number }>();
  return {
    get(symbol, key) {
      const found = entries.get(symbol);
      const expired = found?.emptyUntil !== undefined && options.clock() >= found.emptyUntil;
      if (found && found.key === key && !expired) return found.value;
      const entry: { key: string; value: Promise<T>; emptyUntil?: number } = { key, value: load(symbol) };
      entries.set(symbol, entry);
      entry.value.then(
        (v) => {
          if (v == null) entry.emptyUntil = options.clock() + options.emptyMs;
        },
        () => {
          if (entries.get(symbol) === entry) entries.delete(symbol);
        },
      );
      return entry.value;
    },
  };
}
