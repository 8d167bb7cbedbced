/**
 * A per-key sliding window kept in memory: a cheap first line against floods from one address.
 * Each process counts on its own; the form limit that must hold across processes is in the DB.
 */
export function createIpLimiter(o: { max: number; windowMs: number; now?: () => number }) {
  const now = o.now ?? Date.now;
  const hits = new Map<string, number[]>();
  let lastSweep = now();

  function sweep(t: number) {
    if (t - lastSweep < o.windowMs) return;
    lastSweep = t;
    for (const [key, list] of hits) if (list.every((x) => t - x >= o.windowMs)) hits.delete(key);
  }

  return {
    /** Records a hit; false when the key already used up its window. */
    hit(key: string): boolean {
      const t = now();
      sweep(t);
      const list = (hits.get(key) ?? []).filter((x) => t - x < o.windowMs);
      if (list.length >= o.max) {
        hits.set(key, list);
        return false;
      }
      list.push(t);
      hits.set(key, list);
      return true;
    },
  };
}
