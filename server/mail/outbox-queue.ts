import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

/** The outbox table as a queue: rows in, claimed, and marked sent, failed or handed back. */

export interface OutgoingMail {
  /** Unique per logical mail: enqueueing the same key twice stores one row. */
  idempotencyKey: string;
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  campaignId?: string;
}

export type ClaimedRow = {
  id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attempts: number;
  kind: string;
};

const values = (mail: OutgoingMail) => ({
  idempotencyKey: mail.idempotencyKey,
  kind: mail.kind,
  toAddress: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  headers: mail.headers ?? {},
  campaignId: mail.campaignId,
});

/** Stores a mail once per idempotency key; a repeated key stores nothing. */
export async function insertMail(
  tx: Db,
  mail: OutgoingMail,
): Promise<{ id: string | null; duplicate: boolean }> {
  const rows = await tx
    .insert(mailOutbox)
    .values(values(mail))
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
    .returning({ id: mailOutbox.id });
  return { id: rows[0]?.id ?? null, duplicate: rows.length === 0 };
}

/** One multi-row insert (campaigns); keys already present are skipped. Returns rows added. */
export async function insertMails(tx: Db, mails: OutgoingMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const rows = await tx
    .insert(mailOutbox)
    .values(mails.map(values))
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Rows whose worker died mid-send (lease over) become pending again; their attempt counted. */
export async function reclaimExpired(db: Db) {
  await db
    .update(mailOutbox)
    .set({ status: "pending", lockedUntil: null })
    .where(and(eq(mailOutbox.status, "sending"), lt(mailOutbox.lockedUntil, new Date())));
}

/**
 * Claims due rows of one queue (SKIP LOCKED so several workers never take the same row) and
 * leases them for a minute. Each queue has a partial index in due order, so a claim costs the
 * same with ten or a million rows behind it.
 */
async function claimFrom(db: Db, queue: "single" | "bulk", limit: number): Promise<ClaimedRow[]> {
  if (limit <= 0) return [];
  const result = await db.execute(sql`
    update ${mailOutbox} set status = 'sending', locked_until = now() + interval '60 seconds',
      attempts = attempts + 1
    where id in (
      select id from ${mailOutbox}
      where status = 'pending' and next_attempt_at <= now()
        and campaign_id is ${queue === "single" ? sql`null` : sql`not null`}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, to_address, subject, html, text, headers, attempts, kind`);
  return (result as unknown as { rows: ClaimedRow[] }).rows;
}

/** Single mails (sign-up, password reset, alerts) go before campaign rows. */
export async function claimDue(db: Db, limit: number): Promise<ClaimedRow[]> {
  const single = await claimFrom(db, "single", limit);
  return [...single, ...(await claimFrom(db, "bulk", limit - single.length))];
}

/** Hands a claimed row back untouched: its attempt did not happen or does not count. */
export async function release(db: Db, ids: string[], delayMs: number, error: string | null) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      status: "pending",
      attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
      lockedUntil: null,
      nextAttemptAt: new Date(Date.now() + delayMs),
      ...(error ? { lastError: error } : {}),
    })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "sending")));
}

export async function markSent(db: Db, ids: string[], transportName: string) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: new Date(), lastError: null, lockedUntil: null, transport: transportName })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "sending")));
}

/** A failed attempt: the row waits `delayMs` for the next one, or is dead. */
export async function markFailed(db: Db, id: string, message: string, delayMs: number, dead: boolean) {
  await db
    .update(mailOutbox)
    .set({
      status: dead ? "dead" : "pending",
      lastError: message.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: new Date(Date.now() + delayMs),
    })
    .where(eq(mailOutbox.id, id));
}
