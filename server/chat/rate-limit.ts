/**
 * Sliding-window limits per key (an IP or a user id), held in this process's memory. Behind a
 * load balancer each process counts separately, so the effective limit is per process.
 */
export interface RateLimiter {
  /** Counts one hit for the key; false when the key is over its limit (the hit is not counted). */
  hit(key: string): boolean;
  /** Milliseconds until the key has room again (0 when it has room now). */
  retryAfterMs(key: string): number;
}

export function createRateLimiter(opts: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const now = opts.now ?? Date.now;
  const hits = new Map<string, number[]>();
  let lastSweep = now();

  function recent(key: string, t: number): number[] {
    const list = (hits.get(key) ?? []).filter((at) => t - at < opts.windowMs);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  }

  // Forget idle keys now and then so the map does not grow with every visitor ever seen.
  function sweep(t: number) {
    if (t - lastSweep < opts.windowMs) return;
    lastSweep = t;
    for (const key of [...hits.keys()]) recent(key, t);
  }

  return {
    hit(key) {
      const t = now();
      sweep(t);
      const list = recent(key, t);
      if (list.length >= opts.limit) return false;
      list.push(t);
      hits.set(key, list);
      return true;
    },
    retryAfterMs(key) {
      const t = now();
      const list = recent(key, t);
      if (list.length < opts.limit) return 0;
      return Math.max(0, list[0]! + opts.windowMs - t);
    },
  };
}
