/**
 * A per-process cache of one value per symbol, valid while its key (the symbol's session) stays
 * the same: the first reader after a session change computes it, the others (and concurrent
 * readers meanwhile) share that one computation. A failed computation is not kept. Symbols are
 * the known instruments only (the caller checks), so the map stays bounded by the universe.
 */
export interface StatsCache<T> {
  get(symbol: string, key: string): Promise<T>;
  /** How many computations ran (for tests and metrics). */
  loads(): number;
}

export function createStatsCache<T>(load: (symbol: string) => Promise<T>): StatsCache<T> {
  const entries = new Map<string, { key: string; value: Promise<T> }>();
  let loads = 0;
  return {
    get(symbol, key) {
      const found = entries.get(symbol);
      if (found && found.key === key) return found.value;
      loads++;
      const value = load(symbol);
      entries.set(symbol, { key, value });
      value.catch(() => {
        if (entries.get(symbol)?.value === value) entries.delete(symbol);
      });
      return value;
    },
    loads: () => loads,
  };
}
