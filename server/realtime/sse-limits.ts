import type { Response } from "express";

export interface StreamLimits {
  perAddress: number;
  perUser: number;
}

/** The defaults of SSE_MAX_STREAMS_PER_ADDRESS and SSE_MAX_STREAMS_PER_USER (server/config.ts). */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perAddress: 20, perUser: 10 };

export const TOO_MANY_STREAMS_MESSAGE =
  "Too many open live-update connections from this address or account. Close some tabs and try again.";

/**
 * Each stream holds a socket and gets every tick, so one address or account cannot open any
 * number of them: beyond the limit the answer is 429 (an EventSource then stops retrying).
 */
export function tooMany(res: Response) {
  res.status(429).setHeader("Retry-After", "30");
  res.setHeader("Cache-Control", "no-store");
  res.json({ error: TOO_MANY_STREAMS_MESSAGE });
}

/** Open streams per client address, with their limit. */
export function streamCounter(limits: StreamLimits) {
  const open = new Map<string, number>();
  return {
    take(address: string) {
      const n = open.get(address) ?? 0;
      if (n >= limits.perAddress) return false;
      open.set(address, n + 1);
      return true;
    },
    release(address: string) {
      const n = (open.get(address) ?? 1) - 1;
      if (n > 0) open.set(address, n);
      else open.delete(address);
    },
    clear: () => open.clear(),
  };
}
