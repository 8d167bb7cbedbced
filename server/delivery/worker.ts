import type { DeliveryChannel } from "#common/alert-options";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit/limiter";
import { createClaimLoop } from "./claim-loop";
import { createOutcomeRecorder } from "./outcome-recorder";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";
import type { ChannelSender } from "./types";

export interface DeliveryWorkerOptions {
  db: Db;
  log: Logger;
  senders: Partial<Record<DeliveryChannel, ChannelSender>>;
  policy?: RetryPolicy;
  /** How long a claimed row is this worker's; past it another worker may take it (a crash). */
  leaseMs: number;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  /** The short poll that finds retries coming due and wakes missed while off the bus. */
  pollMs?: number;
  /** Each user's webhook pace (limits.webhooksPerMinute, which admins change at run time). */
  webhookRate: () => RateLimiter;
  random?: () => number;
}

/**
 * Works the delivery queue: claims due rows under a lease (FOR UPDATE SKIP LOCKED, the mail
 * outbox's pattern, so any number of processes can work it and none takes a row another holds),
 * hands each to its channel's sender, and records the attempts in batches. Every process runs
 * one; a row claimed by a worker that died becomes due again when its lease ends.
 */
export function createDeliveryWorker(o: DeliveryWorkerOptions) {
  const pollMs = o.pollMs ?? 1_000;
  const recorder = createOutcomeRecorder({
    db: o.db,
    log: o.log,
    policy: o.policy ?? DEFAULT_RETRY_POLICY,
    random: o.random ?? Math.random,
  });
  const loop = createClaimLoop({ ...o, recorder, concurrency: Math.max(1, o.concurrency ?? 64) });
  let pollTimer: NodeJS.Timeout | undefined;

  function schedulePoll() {
    pollTimer = setTimeout(() => {
      void loop.pump().finally(() => {
        if (loop.running) schedulePoll();
      });
    }, pollMs);
    pollTimer.unref();
  }

  return {
    /** Starts polling; `wake` (from the bus) makes it look at once. */
    start() {
      if (loop.running) return;
      loop.running = true;
      void loop.pump();
      schedulePoll();
    },
    wake() {
      if (loop.running) void loop.pump();
    },
    /** Stops claiming and waits for the deliveries in flight to be recorded. */
    async stop() {
      loop.running = false;
      clearTimeout(pollTimer);
      await loop.settle();
    },
    /** Delivers every due row, then resolves (tests, the benchmark): nothing left due or in flight. */
    async drain() {
      const wasRunning = loop.running;
      loop.running = true;
      try {
        for (;;) {
          await loop.pump();
          if (loop.inFlight === 0) {
            await recorder.flush();
            await loop.pump();
            if (loop.inFlight === 0) return;
          }
          await loop.anyDone();
        }
      } finally {
        await loop.settle();
        loop.running = wasRunning;
      }
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
