import { sql } from "drizzle-orm";
import type { DeliveryChannel } from "#common/alert-options";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit/limiter";
import { createOutcomeRecorder } from "./outcome-recorder";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy";
import type { ChannelSender, ClaimedDelivery, SendOutcome } from "./types";

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
  const concurrency = Math.max(1, o.concurrency ?? 64);
  const pollMs = o.pollMs ?? 1_000;
  const channels = Object.keys(o.senders) as DeliveryChannel[];
  const recorder = createOutcomeRecorder({
    db: o.db,
    log: o.log,
    policy: o.policy ?? DEFAULT_RETRY_POLICY,
    random: o.random ?? Math.random,
  });
  const inFlight = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let lastReclaim = 0;

  async function reclaimExpired() {
    await o.db.execute(sql`
      update alert_deliveries set status = 'pending', locked_until = null
      where status = 'sending' and locked_until < now()`);
  }

  async function claim(limit: number): Promise<ClaimedDelivery[]> {
    if (channels.length === 0) return [];
    const result = await o.db.execute(sql`
      update alert_deliveries set status = 'sending', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${o.leaseMs / 1000})
      where id in (
        select id from alert_deliveries
        where status = 'pending' and next_attempt_at <= now()
          and channel in (${sql.join(
            channels.map((c) => sql`${c}`),
            sql`, `,
          )})
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id, user_id, event_id, channel, target, payload, attempts`);
    return (result as unknown as { rows: ClaimedDelivery[] }).rows;
  }

  /** Hands a row back untouched (its attempt did not happen): due again after delayMs. */
  async function release(row: ClaimedDelivery, delayMs: number) {
    await o.db.execute(sql`
      update alert_deliveries set status = 'pending', locked_until = null, attempts = attempts - 1,
        next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
      where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
  }

  /**
   * The webhook rows of a batch that are within their user's pace; the others are handed back
   * for the user's next free slot (never dropped). One statement for a batch whose users are all
   * within their pace; a user over it is then counted row by row, so part of its rows still go.
   */
  async function withinPace(rows: ClaimedDelivery[]): Promise<ClaimedDelivery[]> {
    const webhooks = rows.filter((r) => r.channel === "webhook");
    if (webhooks.length === 0) return rows;
    const limiter = o.webhookRate();
    const perUser = new Map<string, number>();
    for (const r of webhooks) perUser.set(r.user_id, (perUser.get(r.user_id) ?? 0) + 1);
    const granted = await limiter.hitMany(perUser);
    const out: ClaimedDelivery[] = [];
    for (const r of rows) {
      if (r.channel !== "webhook" || granted.has(r.user_id)) out.push(r);
      else if (await limiter.hit(r.user_id)) out.push(r);
      else await release(r, Math.max(1, await limiter.retryAfterSeconds(r.user_id)) * 1000);
    }
    return out;
  }

  async function deliver(row: ClaimedDelivery) {
    const at = new Date();
    let outcome: SendOutcome;
    try {
      outcome = await o.senders[row.channel]!.send({
        id: row.id,
        userId: row.user_id,
        eventId: row.event_id,
        target: row.target,
        payload: row.payload,
        attempt: row.attempts,
      });
    } catch (err) {
      outcome = { ok: false, retry: true, error: err instanceof Error ? err.message : String(err) };
    }
    recorder.add(row, outcome, at);
  }

  function start(row: ClaimedDelivery) {
    const p: Promise<void> = deliver(row).finally(() => {
      inFlight.delete(p);
      // A free slot takes the next due rows at once, without waiting for the poll.
      if (!stopped && concurrency - inFlight.size >= Math.ceil(concurrency / 2)) void pump();
    });
    inFlight.add(p);
  }

  /** Claims as many due rows as there are free slots and starts them; repeats while rows come. */
  function pump(): Promise<void> {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        again = false;
        if (Date.now() - lastReclaim > Math.min(o.leaseMs, 5_000)) {
          lastReclaim = Date.now();
          await reclaimExpired();
        }
        const free = concurrency - inFlight.size;
        if (free <= 0) break;
        const claimed = await claim(free);
        if (claimed.length === 0) break;
        const rows = await withinPace(claimed);
        for (const channel of channels) {
          const mine = rows.filter((r) => r.channel === channel);
          if (mine.length)
            await o.senders[channel]!.prepare?.(mine.map((r) => ({ userId: r.user_id, target: r.target })));
        }
        for (const row of rows) start(row);
        if (claimed.length === free) again = true;
      } while (again && !stopped);
    })()
      .catch((err) => o.log.error({ err }, "delivery queue: claim failed"))
      .finally(() => {
        claiming = null;
      });
    return claiming;
  }

  function schedulePoll() {
    pollTimer = setTimeout(() => {
      void pump().finally(() => {
        if (!stopped) schedulePoll();
      });
    }, pollMs);
    pollTimer.unref();
  }

  async function settle() {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
    await recorder.flush();
  }

  return {
    /** Starts polling; `wake` (from the bus) makes it look at once. */
    start() {
      if (!stopped) return;
      stopped = false;
      void pump();
      schedulePoll();
    },
    wake() {
      if (!stopped) void pump();
    },
    /** Stops claiming and waits for the deliveries in flight to be recorded. */
    async stop() {
      stopped = true;
      clearTimeout(pollTimer);
      await claiming;
      await settle();
    },
    /** Delivers every due row, then resolves (tests, the benchmark): nothing left due or in flight. */
    async drain() {
      const wasStopped = stopped;
      stopped = false;
      try {
        for (;;) {
          await pump();
          if (inFlight.size === 0) {
            await recorder.flush();
            await pump();
            if (inFlight.size === 0) return;
          }
          await Promise.race([...inFlight]);
        }
      } finally {
        await settle();
        stopped = wasStopped;
      }
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
