/**
 * A real SMTP server on loopback for the end-to-end run (the app delivers to it over SMTP),
 * plus a small HTTP endpoint the tests use to read what arrived.
 */
import http from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2527);
const messages: Array<{ to: string[]; raw: string; receivedAt: number }> = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(list));
  })
  .listen(httpPort, "127.0.0.1");
