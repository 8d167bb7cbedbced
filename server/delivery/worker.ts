import { sql } from "drizzle-orm";
import type { DeliveryChannel } from "#common/alert-options";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { RateLimiter } from "../rate-limit/limiter";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from "./retry-policy";
import type { ChannelSender, SendOutcome } from "./types";

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

interface ClaimedRow {
  id: string;
  user_id: string;
  event_id: string;
  channel: DeliveryChannel;
  target: string;
  payload: Record<string, unknown>;
  /** This attempt's number; also the fence: a row reclaimed by another worker has a higher one. */
  attempts: number;
}

type Final = "delivered" | "failed" | null;

/**
 * Works the delivery queue: claims due rows under a lease (FOR UPDATE SKIP LOCKED, the mail
 * outbox's pattern, so any number of processes can work it and none takes a row another holds),
 * hands each to its channel's sender, and records the attempt and the row's next state in one
 * statement. Every process runs one; a row claimed by a worker that died becomes due again when
 * its lease ends.
 */
export function createDeliveryWorker(o: DeliveryWorkerOptions) {
  const policy = o.policy ?? DEFAULT_RETRY_POLICY;
  const concurrency = Math.max(1, o.concurrency ?? 16);
  const pollMs = o.pollMs ?? 1_000;
  const random = o.random ?? Math.random;
  const channels = Object.keys(o.senders) as DeliveryChannel[];
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

  async function claim(limit: number): Promise<ClaimedRow[]> {
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
    return (result as unknown as { rows: ClaimedRow[] }).rows;
  }

  /**
   * The attempt's row in the log, the delivery's new state, and (when final) the trigger's record
   * of the channel, in one statement. Only a row still leased to this attempt is changed.
   */
  async function record(row: ClaimedRow, outcome: SendOutcome) {
    let status: "delivered" | "pending" | "dead";
    let delayMs = 0;
    if (outcome.ok) status = "delivered";
    else if (outcome.retry && !outcome.gone && row.attempts < policy.maxAttempts) {
      status = "pending";
      delayMs = retryDelayMs(policy, row.attempts, outcome.retryAfterMs, random);
    } else status = "dead";
    const final: Final = status === "delivered" ? "delivered" : status === "dead" ? "failed" : null;
    const code = outcome.statusCode ?? null;
    const latency = outcome.latencyMs ?? null;
    const error = outcome.ok ? null : outcome.error.slice(0, 1000);
    await o.db.execute(sql`
      with d as (
        update alert_deliveries set
          status = ${status}, locked_until = null,
          next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
          last_status_code = ${code}::int, last_error = ${error}::text,
          delivered_at = case when ${status} = 'delivered' then now() else delivered_at end
        where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}
        returning id, trigger_id, channel, user_id
      ), logged as (
        insert into delivery_attempts (delivery_id, status_code, latency_ms, error)
        select id, ${code}::int, ${latency}::int, ${error}::text from d
      )
      update alert_triggers t set channels = t.channels || jsonb_build_object(d.channel, ${final}::text)
      from d
      where ${final}::text is not null and t.id = d.trigger_id and t.user_id = d.user_id
        and (${final}::text = 'delivered' or coalesce(t.channels ->> d.channel, '') <> 'delivered')`);
    if (status === "dead") {
      o.log.warn({ deliveryId: row.id, channel: row.channel, error }, "delivery failed for good");
    }
  }

  /** Hands a row back untouched (its attempt did not happen): due again after delayMs. */
  async function release(row: ClaimedRow, delayMs: number) {
    await o.db.execute(sql`
      update alert_deliveries set status = 'pending', locked_until = null, attempts = attempts - 1,
        next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
      where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
  }

  /**
   * Deliveries over the user's webhook rate wait for the next free slot; they are never dropped.
   * The count lives in the database, so the limit holds across processes.
   */
  async function webhookSlotWait(userId: string): Promise<number> {
    const limiter = o.webhookRate();
    if (await limiter.hit(userId)) return 0;
    return Math.max(1, await limiter.retryAfterSeconds(userId)) * 1000;
  }

  async function deliver(row: ClaimedRow) {
    try {
      if (row.channel === "webhook") {
        const wait = await webhookSlotWait(row.user_id);
        if (wait > 0) return await release(row, wait);
      }
      const sender = o.senders[row.channel]!;
      let outcome: SendOutcome;
      try {
        outcome = await sender.send({
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
      await record(row, outcome);
    } catch (err) {
      // The row stays leased and comes back when the lease ends.
      o.log.error({ err, deliveryId: row.id }, "delivery could not be recorded");
    }
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
        const rows = await claim(free);
        for (const row of rows) {
          const p: Promise<void> = deliver(row).finally(() => {
            inFlight.delete(p);
            // A free slot takes the next due row at once, without waiting for the poll.
            if (!stopped) void pump();
          });
          inFlight.add(p);
        }
        if (rows.length === free) again = true;
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
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** Delivers every due row, then resolves (tests, the benchmark): nothing left due or in flight. */
    async drain() {
      const wasStopped = stopped;
      stopped = false;
      try {
        for (;;) {
          await pump();
          if (inFlight.size === 0) {
            await pump();
            if (inFlight.size === 0) return;
          }
          await Promise.race([...inFlight]);
        }
      } finally {
        stopped = wasStopped;
      }
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
