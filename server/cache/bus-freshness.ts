import crypto from "node:crypto";
import type { Bus } from "../realtime/bus";

/**
 * Whether this process has heard, by now, every bus message committed more than `windowMs` ago.
 *
 * PostgreSQL delivers the notifications of committed transactions to a listener in commit order.
 * So when our own heartbeat, published at time T, comes back, every announcement committed before
 * T has come back too. A process that heard a heartbeat sent at most `windowMs` ago has therefore
 * missed nothing older than `windowMs`: it may answer from its session cache. A process whose
 * listening connection hangs, lags or is gone stops hearing heartbeats and goes to the database
 * until they come back (a connection that was replaced also empties the cache: `Bus.onReconnect`).
 *
 * In-process (PGlite) the announcement reaches subscribers before the write returns, so the
 * answer is always yes and nothing is published.
 */
export interface BusFreshness {
  isFresh(): boolean;
  stop(): void;
}

export interface BusFreshnessOptions {
  bus: Pick<Bus, "publish" | "subscribe">;
  inProcess: boolean;
  /** How often a heartbeat goes out. */
  intervalMs?: number;
  /** How old the newest heartbeat heard may be for the cache to be trusted. */
  windowMs?: number;
  now?: () => number;
  onStale?: () => void;
}

const TOPIC = "auth:heartbeat";

export function watchBusFreshness({
  bus,
  inProcess,
  intervalMs = 250,
  windowMs = 750,
  now = () => performance.now(),
  onStale = () => {},
}: BusFreshnessOptions): BusFreshness {
  if (inProcess) return { isFresh: () => true, stop: () => {} };
  const self = crypto.randomUUID();
  const sent = new Map<number, number>();
  let seq = 0;
  let heardSentAt = Number.NEGATIVE_INFINITY;
  let wasFresh = false;

  const unsubscribe = bus.subscribe(TOPIC, (d: { p?: string; n?: number }) => {
    if (d?.p !== self || typeof d.n !== "number") return;
    const at = sent.get(d.n);
    if (at !== undefined && at > heardSentAt) heardSentAt = at;
    for (const n of sent.keys()) if (n <= d.n) sent.delete(n);
  });

  function beat() {
    const n = ++seq;
    const at = now();
    sent.set(n, at);
    // Heartbeats that never came back (a dropped connection) are forgotten after a while.
    for (const [k, t] of sent) if (at - t > 10 * windowMs) sent.delete(k);
    bus.publish(TOPIC, { p: self, n }).catch(() => {});
  }
  beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref?.();

  return {
    isFresh() {
      const fresh = now() - heardSentAt <= windowMs;
      if (wasFresh && !fresh) onStale();
      wasFresh = fresh;
      return fresh;
    },
    stop() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
