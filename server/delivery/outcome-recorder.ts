import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { type RetryPolicy, retryDelayMs } from "./retry-policy";
import type { ClaimedDelivery, SendOutcome } from "./types";

/** Outcomes written per statement, and the longest an outcome waits for the others. */
const BATCH = 32;
const WAIT_MS = 5;

interface RecorderDeps {
  db: Db;
  log: Logger;
  policy: RetryPolicy;
  random: () => number;
}

type Entry = {
  id: string;
  attempt: number;
  status: "delivered" | "pending" | "dead";
  delay_ms: number;
  code: number | null;
  latency: number | null;
  error: string | null;
  final: "delivered" | "failed" | null;
  at: string;
};
/** A delivery's new state after an attempt: delivered, due again after the policy's delay, or dead. */
function entryOf(o: RecorderDeps, row: ClaimedDelivery, outcome: SendOutcome, at: Date): Entry {
  let status: Entry["status"] = "dead";
  let delay = 0;
  if (outcome.ok) status = "delivered";
  else if (outcome.retry && !outcome.gone && row.attempts < o.policy.maxAttempts) {
    status = "pending";
    delay = retryDelayMs(o.policy, row.attempts, outcome.retryAfterMs, o.random);
  }
  if (status === "dead") {
    o.log.warn(
      { deliveryId: row.id, channel: row.channel, error: !outcome.ok && outcome.error },
      "delivery failed for good",
    );
  }
  return {
    id: row.id,
    attempt: row.attempts,
    status,
    delay_ms: delay,
    code: outcome.statusCode ?? null,
    latency: outcome.latencyMs ?? null,
    error: outcome.ok ? null : outcome.error.slice(0, 1000),
    final: status === "delivered" ? "delivered" : status === "dead" ? "failed" : null,
    at: at.toISOString(),
  };
}

/** One statement: the deliveries, their attempt log and the triggers' channel outcomes. */
async function writeOutcomes(db: Db, entries: Entry[]) {
  await db.execute(sql`
    with o as (
      select * from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as o(
        id uuid, attempt int, status text, delay_ms float8, code int, latency int, error text,
        final text, at timestamptz)
    ), d as (
      update alert_deliveries a set
        status = o.status, locked_until = null,
        next_attempt_at = now() + make_interval(secs => o.delay_ms / 1000),
        last_status_code = o.code, last_error = o.error,
        delivered_at = case when o.status = 'delivered' then now() else a.delivered_at end
      from o
      where a.id = o.id and a.status = 'sending' and a.attempts = o.attempt
      returning a.id, a.trigger_id, a.user_id, a.channel, o.final, o.code, o.latency, o.error, o.at
    ), logged as (
      insert into delivery_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
      select id, at, code, latency, error from d
    ), fin as (
      select trigger_id, user_id, channel,
        case when bool_or(final = 'delivered') then 'delivered' else 'failed' end as final
      from d where final is not null and trigger_id is not null
      group by trigger_id, user_id, channel
    ), per as (
      select trigger_id, user_id, jsonb_object_agg(channel, final) as outcome from fin group by trigger_id, user_id
    )
    update alert_triggers t set channels = t.channels || (
      select jsonb_object_agg(k, case when t.channels ->> k = 'delivered' then 'delivered' else v end)
      from jsonb_each_text(per.outcome) as e(k, v))
    from per
    where t.id = per.trigger_id and t.user_id = per.user_id`);
}

/**
 * Writes attempt outcomes in batches, each batch in one statement: every delivery's new state,
 * its row in the attempt log and, for a delivery that is final, the trigger's record of the
 * channel ("delivered" wins over "failed" among a trigger's devices). Only a row still leased to
 * the attempt is changed: a worker whose lease ran out and whose row was reclaimed writes nothing.
 * One write per delivery was most of the queue's cost; the price is a few milliseconds' wider
 * window in which a crash re-sends an accepted delivery (with the same event id).
 */
export function createOutcomeRecorder(o: RecorderDeps) {
  let buffer: Entry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length > 0) {
      // A failed write leaves its rows leased; they are tried again when the lease ends.
      writing = writing
        .then(() => writeOutcomes(o.db, batch))
        .catch((err) => o.log.error({ err, count: batch.length }, "delivery outcomes could not be recorded"));
    }
    return writing;
  }

  return {
    add(row: ClaimedDelivery, outcome: SendOutcome, at: Date) {
      buffer.push(entryOf(o, row, outcome, at));
      if (buffer.length >= BATCH) void flush();
      else timer ??= setTimeout(() => void flush(), WAIT_MS);
    },
    /** Writes what is buffered; resolves when every outcome so far is written. */
    flush,
  };
}

export type OutcomeRecorder = ReturnType<typeof createOutcomeRecorder>;
