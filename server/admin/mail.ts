import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import { AppError } from "#common/errors";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { Outbox } from "../mail/outbox";

export const MAIL_STATUSES = ["pending", "sending", "sent", "dead"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The outbox viewer: captured and sent mail, newest first. Bodies load one at a time. */
export async function listMail(
  db: Db,
  { status, page, pageSize }: { status?: MailStatus; page: number; pageSize: number },
) {
  const where = status ? eq(mailOutbox.status, status) : undefined;
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      transport: mailOutbox.transport,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox).where(where);
  const byStatus = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const counts = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>;
  for (const r of byStatus) counts[r.status] = r.n;
  return { rows, total, counts };
}

export async function getMail(db: Db, id: string) {
  const [row] = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      html: mailOutbox.html,
      text: mailOutbox.text,
      status: mailOutbox.status,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** A dead mail goes back to the queue with a fresh attempt budget (the outbox's own retry). */
export async function retryDeadMail(db: Db, outbox: Outbox, id: string) {
  const [row] = await db
    .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "dead")));
  if (!row || (await outbox.retryDead([id])) === 0)
    throw new AppError("conflict:mail_not_dead", "Only a dead mail can be retried.");
  return row;
}

/** Where mail goes, without credentials. */
export function mailTransportStatus(config: Config, outbox: Outbox) {
  let smtpHost: string | null = null;
  if (config.SMTP_URL) {
    try {
      const u = new URL(config.SMTP_URL);
      smtpHost = `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
    } catch {
      smtpHost = "(unparseable SMTP_URL)";
    }
  }
  return {
    transport: outbox.transport.name,
    smtpHost,
    from: config.MAIL_FROM,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
  };
}

/** Mail delivery health: recent dead mail or a stuck backlog means degraded. */
export async function mailHealth(db: Db) {
  const [dead] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "dead"), sql`${mailOutbox.createdAt} > now() - interval '24 hours'`));
  const [backlog] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now() - interval '5 minutes'`)),
    );
  return { deadLastDay: dead.n, overdue: backlog.n };
}

const TEST_MAIL_KIND = "admin-test";

export function testMail(to: string, siteName: string) {
  const stamp = new Date().toISOString();
  return {
    idempotencyKey: `admin-test:${to}:${stamp}:${Math.random().toString(36).slice(2, 8)}`,
    kind: TEST_MAIL_KIND,
    to,
    subject: `${siteName} mail transport test`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif"><h1>Mail transport test</h1><p>This message was sent from the ${siteName.replace(/[<>&"]/g, "")} admin area at ${stamp} to check mail delivery.</p></body></html>`,
    text: `Mail transport test\n\nThis message was sent from the ${siteName} admin area at ${stamp} to check mail delivery.`,
  };
}
