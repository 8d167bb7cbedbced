import type { DeliveryChannel } from "#common/alert-options";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit/limiter";
import { claim, prepareSenders, reclaimExpired, sendOne, withinPace } from "./delivery-claims";
import type { OutcomeRecorder } from "./outcome-recorder";
import type { ChannelSender, ClaimedDelivery } from "./types";

export interface ClaimLoopDeps {
  db: Db;
  log: Logger;
  senders: Partial<Record<DeliveryChannel, ChannelSender>>;
  recorder: OutcomeRecorder;
  leaseMs: number;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  webhookRate: () => RateLimiter;
}

/**
 * One process's slots for deliveries: `pump` claims as many due rows as there are free slots and
 * starts them, again while rows keep coming; a slot set free takes the next rows at once while
 * the loop runs. One claim at a time: a pump during a claim makes that claim look again.
 */
export interface ClaimLoop {
  /** Claims while true; the worker turns it on and off. */
  running: boolean;
  pump(): Promise<void>;
  readonly inFlight: number;
  /** Resolves when any delivery in flight has finished. */
  anyDone(): Promise<void>;
  /** Waits for the claim under way, every delivery in flight, and their recorded outcomes. */
  settle(): Promise<void>;
}

export function createClaimLoop(o: ClaimLoopDeps): ClaimLoop {
  const channels = Object.keys(o.senders) as DeliveryChannel[];
  const flying = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let lastReclaim = 0;

  function start(row: ClaimedDelivery) {
    const at = new Date();
    const p: Promise<void> = sendOne(o.senders, row)
      .then((outcome) => o.recorder.add(row, outcome, at))
      .finally(() => {
        flying.delete(p);
        // A free slot takes the next due rows at once, without waiting for the poll.
        if (loop.running && o.concurrency - flying.size >= Math.ceil(o.concurrency / 2)) void loop.pump();
      });
    flying.add(p);
  }

  async function claimRound() {
    do {
      again = false;
      if (Date.now() - lastReclaim > Math.min(o.leaseMs, 5_000)) {
        lastReclaim = Date.now();
        await reclaimExpired(o.db);
      }
      const free = o.concurrency - flying.size;
      if (free <= 0) break;
      const claimed = await claim(o.db, channels, free, o.leaseMs);
      if (claimed.length === 0) break;
      const rows = await withinPace(o.db, o.webhookRate, claimed);
      await prepareSenders(o.senders, channels, rows);
      for (const row of rows) start(row);
      if (claimed.length === free) again = true;
    } while (again && loop.running);
  }

  const loop: ClaimLoop = {
    running: false,
    pump() {
      if (claiming) {
        again = true;
        return claiming;
      }
      claiming = claimRound()
        .catch((err) => o.log.error({ err }, "delivery queue: claim failed"))
        .finally(() => {
          claiming = null;
        });
      return claiming;
    },
    get inFlight() {
      return flying.size;
    },
    anyDone: () => Promise.race([...flying]),
    async settle() {
      await claiming;
      while (flying.size > 0) await Promise.all([...flying]);
      await o.recorder.flush();
    },
  };
  return loop;
}
