export interface RateLimiter {
  /** Resolves when one more send fits in the configured rate (or at once if the signal aborted). */
  take(signal?: AbortSignal): Promise<void>;
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    }),
};

/**
 * Token bucket holding a tenth of a second's worth of sends: a steady MAIL_RATE_PER_SECOND with
 * small bursts, shared by every concurrent sender of one process.
 */
export function createRateLimiter(perSecond: number, clock: Clock = realClock): RateLimiter {
  const capacity = Math.max(1, Math.ceil(perSecond / 10));
  let tokens = capacity;
  let updated = clock.now();

  function refill() {
    const now = clock.now();
    tokens = Math.min(capacity, tokens + ((now - updated) * perSecond) / 1000);
    updated = now;
  }

  return {
    async take(signal) {
      for (;;) {
        if (signal?.aborted) return;
        refill();
        if (tokens >= 1) {
          tokens -= 1;
          return;
        }
        await clock.sleep(Math.max(1, ((1 - tokens) * 1000) / perSecond), signal);
      }
    },
  };
}
