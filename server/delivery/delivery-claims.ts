import { sql } from "drizzle-orm";
import type { DeliveryChannel } from "#common/alert-options";
import type { Db } from "../db/client";
import type { RateLimiter } from "../rate-limit/limiter";
import type { ChannelSender, ClaimedDelivery, SendOutcome } from "./types";

// The delivery queue's rows as a worker takes them: claimed under a lease (FOR UPDATE SKIP
// LOCKED), handed back untouched, reclaimed when a worker died, and paced per user.

/** Rows whose lease ran out (their worker died) are due again. */
export async function reclaimExpired(db: Db) {
  await db.execute(sql`
    update alert_deliveries set status = 'pending', locked_until = null
    where status = 'sending' and locked_until < now()`);
}

/** Takes up to `limit` due rows of these channels for `leaseMs`, counting the attempt. */
export async function claim(
  db: Db,
  channels: DeliveryChannel[],
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  if (channels.length === 0) return [];
  const result = await db.execute(sql`
    update alert_deliveries set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseMs / 1000})
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
async function release(db: Db, row: ClaimedDelivery, delayMs: number) {
  await db.execute(sql`
    update alert_deliveries set status = 'pending', locked_until = null, attempts = attempts - 1,
      next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
    where id = ${row.id} and status = 'sending' and attempts = ${row.attempts}`);
}

/**
 * The webhook rows of a batch that are within their user's pace; the others are handed back
 * for the user's next free slot (never dropped). One statement for a batch whose users are all
 * within their pace; a user over it is then counted row by row, so part of its rows still go.
 */
export async function withinPace(
  db: Db,
  rate: () => RateLimiter,
  rows: ClaimedDelivery[],
): Promise<ClaimedDelivery[]> {
  const webhooks = rows.filter((r) => r.channel === "webhook");
  if (webhooks.length === 0) return rows;
  const limiter = rate();
  const perUser = new Map<string, number>();
  for (const r of webhooks) perUser.set(r.user_id, (perUser.get(r.user_id) ?? 0) + 1);
  const granted = await limiter.hitMany(perUser);
  const out: ClaimedDelivery[] = [];
  for (const r of rows) {
    if (r.channel !== "webhook" || granted.has(r.user_id)) out.push(r);
    else if (await limiter.hit(r.user_id)) out.push(r);
    else await release(db, r, Math.max(1, await limiter.retryAfterSeconds(r.user_id)) * 1000);
  }
  return out;
}

type Senders = Partial<Record<DeliveryChannel, ChannelSender>>;

/** Lets each channel's sender get ready for its rows of a batch (one look-up for many devices). */
export async function prepareSenders(senders: Senders, channels: DeliveryChannel[], rows: ClaimedDelivery[]) {
  for (const channel of channels) {
    const mine = rows.filter((r) => r.channel === channel);
    if (mine.length)
      await senders[channel]!.prepare?.(mine.map((r) => ({ userId: r.user_id, target: r.target })));
  }
}

/** One attempt through the row's channel; a sender that throws is a failure worth retrying. */
export async function sendOne(senders: Senders, row: ClaimedDelivery): Promise<SendOutcome> {
  try {
    return await senders[row.channel]!.send({
      id: row.id,
      userId: row.user_id,
      eventId: row.event_id,
      target: row.target,
      payload: row.payload,
      attempt: row.attempts,
    });
  } catch (err) {
    return { ok: false, retry: true, error: err instanceof Error ? err.message : String(err) };
  }
}
