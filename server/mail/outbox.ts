import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Logger } from "../logger";
import type { MailTransport } from "./transports";

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

export interface OutboxOptions {
  maxAttempts: number;
  /** Base delay of the exponential backoff. */
  backoffMs?: number;
  batchSize?: number;
}

/** Rows are inserted first; delivery happens later so a crash never loses or doubles a mail. */
export function createOutbox(db: Db, transport: MailTransport, log: Logger, opts: OutboxOptions) {
  const backoffMs = opts.backoffMs ?? 2_000;
  const batchSize = opts.batchSize ?? 50;

  async function enqueue(
    mail: OutgoingMail,
    tx: Db = db,
  ): Promise<{ id: string | null; duplicate: boolean }> {
    const rows = await tx
      .insert(mailOutbox)
      .values({
        idempotencyKey: mail.idempotencyKey,
        kind: mail.kind,
        toAddress: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers ?? {},
        campaignId: mail.campaignId,
      })
      .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
      .returning({ id: mailOutbox.id });
    return { id: rows[0]?.id ?? null, duplicate: rows.length === 0 };
  }

  /**
   * Claims due rows (SKIP LOCKED so several workers never take the same row) and leases them for
   * a minute; a worker that dies mid-send leaves rows that become due again when the lease ends.
   */
  async function claim(limit: number) {
    const result = await db.execute(sql`
      update ${mailOutbox} set status = 'sending', locked_until = now() + interval '60 seconds',
        attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id, to_address, subject, html, text, headers, attempts, kind`);
    return (result as unknown as { rows: any[] }).rows as Array<{
      id: string;
      to_address: string;
      subject: string;
      html: string;
      text: string;
      headers: Record<string, string>;
      attempts: number;
      kind: string;
    }>;
  }

  async function deliverOne(row: Awaited<ReturnType<typeof claim>>[number]) {
    try {
      await transport.send({
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers,
        messageId: row.id,
      });
      await db
        .update(mailOutbox)
        .set({
          status: "sent",
          sentAt: new Date(),
          lastError: null,
          lockedUntil: null,
          transport: transport.name,
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "sending")));
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const dead = row.attempts >= opts.maxAttempts;
      const delay = backoffMs * 2 ** Math.min(row.attempts - 1, 10);
      await db
        .update(mailOutbox)
        .set({
          status: dead ? "dead" : "pending",
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(eq(mailOutbox.id, row.id));
      log.warn({ mailId: row.id, attempts: row.attempts, dead, err: message }, "mail delivery failed");
      return false;
    }
  }

  /** Delivers due mail until none is left; returns how many were sent. */
  async function drain(signal?: AbortSignal): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    while (!signal?.aborted) {
      const rows = await claim(batchSize);
      if (rows.length === 0) break;
      const results = await Promise.all(rows.map(deliverOne));
      for (const ok of results) ok ? sent++ : failed++;
    }
    return { sent, failed };
  }

  return { enqueue, drain, transport };
}

export type Outbox = ReturnType<typeof createOutbox>;
