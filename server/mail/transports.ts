import nodemailer from "nodemailer";
import type { Logger } from "../logger";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  messageId: string;
}

export interface MailTransport {
  name: "outbox" | "smtp";
  /** How many sends the outbox keeps in flight at once. */
  concurrency: number;
  send(msg: MailMessage): Promise<void>;
  verify(): Promise<void>;
  close(): void;
}

/**
 * Embedded default: the mail stays in the database outbox (viewable by admins) and its links are
 * printed to the log, so sign-up and password reset work with no SMTP server.
 */
export function createCaptureTransport(log: Logger): MailTransport {
  return {
    name: "outbox",
    concurrency: 8,
    async send(msg) {
      const links = [...msg.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      log.info({ to: msg.to, subject: msg.subject, links }, "mail captured in outbox (no SMTP_URL set)");
    },
    async verify() {},
    close() {},
  };
}

export interface SmtpOptions {
  /** Open SMTP connections reused across messages (SMTP_URL's ?maxConnections= overrides it). */
  maxConnections?: number;
  /** Messages per connection before it is recycled. */
  maxMessages?: number;
}

/**
 * Pooled SMTP: a handful of long-lived connections instead of one handshake per mail, which is
 * what makes a 10,000-subscriber campaign take seconds rather than minutes.
 */
export function createSmtpTransport(url: string, from: string, opts: SmtpOptions = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: opts.maxConnections ?? 5,
    maxMessages: opts.maxMessages ?? 1_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as any);
  const maxConnections = Number((transporter.options as { maxConnections?: number }).maxConnections) || 5;
  return {
    name: "smtp",
    // Twice the pool so a connection never waits for the outbox to hand it the next message.
    concurrency: maxConnections * 2,
    async send(msg) {
      await transporter.sendMail({
        from,
        to: msg.to,
        subject: msg.subject,
        html: msg.html,
        text: msg.text,
        headers: msg.headers,
        messageId: `<${msg.messageId}@gulfpulse>`,
      });
    },
    async verify() {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * True when the mail server itself is unavailable (refused or dropped connection, 421 "service
 * not available") rather than this message being refused: such failures say nothing about the
 * mail, so they must not use up its attempts.
 */
export function isTransportDown(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: string; responseCode?: number };
  if (e.responseCode === 421) return true;
  if (typeof e.responseCode === "number") return false;
  return typeof e.code === "string" && CONNECTION_ERROR_CODES.has(e.code);
}
