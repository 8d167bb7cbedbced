import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Logger } from "../logger";

/** The admin's side of the outbox: the mail viewer, the status card and retrying dead mail. */

export type MailStatus = "pending" | "sending" | "sent" | "dead";

/** Newest first, optionally one status. */
export async function listMail(db: Db, o: { status?: MailStatus; limit?: number; offset?: number } = {}) {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      transport: mailOutbox.transport,
      campaignId: mailOutbox.campaignId,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(o.status ? eq(mailOutbox.status, o.status) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(o.limit ?? 50, 500))
    .offset(o.offset ?? 0);
}

/** One mail with its bodies (for the admin's viewer). */
export async function getMail(db: Db, id: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

export async function countMail(db: Db): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const out: Record<MailStatus, number> = { pending: 0, sending: 0, sent: 0, dead: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

/** One page of the mail viewer, with the total of its filter and the per-status counts. */
export async function mailPage(db: Db, o: { status?: MailStatus; page: number; pageSize: number }) {
  const [rows, byStatus] = await Promise.all([
    listMail(db, { status: o.status, limit: o.pageSize, offset: (o.page - 1) * o.pageSize }),
    countMail(db),
  ]);
  const total = o.status ? byStatus[o.status] : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { rows, total, counts: byStatus };
}

/** Delivery trouble for the status card: dead mail of the last day, mail overdue 5 minutes. */
export async function mailBacklog(db: Db): Promise<{ deadLastDay: number; overdue: number }> {
  const [dead] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "dead"), sql`${mailOutbox.createdAt} > now() - interval '24 hours'`));
  const [overdue] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now() - interval '5 minutes'`)),
    );
  return { deadLastDay: dead!.n, overdue: overdue!.n };
}

/** Dead mail (all, or the given ids) gets a fresh set of attempts. */
export async function retryDeadMail(db: Db, log: Logger, ids?: string[]): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null, lockedUntil: null })
    .where(
      ids ? and(eq(mailOutbox.status, "dead"), inArray(mailOutbox.id, ids)) : eq(mailOutbox.status, "dead"),
    )
    .returning({ id: mailOutbox.id });
  if (rows.length) log.info({ count: rows.length }, "dead mail queued again");
  return rows.length;
}
