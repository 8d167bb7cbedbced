import { AppError } from "#common/errors";
import type { Config } from "../config";
import type { Outbox } from "../mail/outbox";

export type { MailStatus } from "../mail/outbox";

/** The admin's view of one mail: addresses, subject, bodies and status. */
export async function getMail(outbox: Pick<Outbox, "get">, id: string) {
  const row = await outbox.get(id);
  return row
    ? {
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        status: row.status,
      }
    : null;
}

/** A dead mail goes back to the queue with a fresh attempt budget (the outbox's own retry). */
export async function retryDeadMail(outbox: Pick<Outbox, "get" | "retryDead">, id: string) {
  const row = await outbox.get(id);
  if (row?.status !== "dead" || (await outbox.retryDead([id])) === 0)
    throw new AppError("conflict:mail_not_dead", "Only a dead mail can be retried.");
  return { id: row.id, to: row.toAddress, subject: row.subject };
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
