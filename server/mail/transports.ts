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
    async send(msg) {
      const links = [...msg.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
      log.info({ to: msg.to, subject: msg.subject, links }, "mail captured in outbox (no SMTP_URL set)");
    },
    async verify() {},
    close() {},
  };
}

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url, { from });
  return {
    name: "smtp",
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
