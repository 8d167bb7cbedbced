/**
 * Every kind of mail delivered over SMTP to a real server on loopback (CONVENTIONS 14), and the
 * RFC 8058 one-click unsubscribe exercised over HTTP with the URL the newsletter carried.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, newsletterSubscribers } from "../db/schema";
import type { Newsletter } from "../newsletter/service";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { alertTriggeredMail } from "./mails";
import { type ParsedMail, parseMail, type SmtpSink, startSmtpSink } from "./testing/smtp-sink";

let sink: SmtpSink;
let s: Services;
let nl: Newsletter;
let http: Server;
let httpBase: string;

beforeAll(async () => {
  sink = await startSmtpSink({ keep: true });
  s = await createTestServices({ SMTP_URL: sink.url, MAIL_FROM: "GulfPulse <news@gulfpulse.test>" });
  nl = s.newsletter as Newsletter;
  const app = express();
  for (const mount of s.httpMounts) mount(app);
  http = app.listen(0, "127.0.0.1");
  await new Promise((r) => http.once("listening", r));
  httpBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  http?.close();
  await s?.close();
  await sink?.close();
});

/** Delivers everything due and returns what the SMTP server received for the address. */
async function deliveredTo(address: string): Promise<ParsedMail[]> {
  const result = await s.outbox.drain();
  expect(result.failed).toBe(0);
  return sink.messages.filter((m) => m.to.includes(address.toLowerCase())).map((m) => parseMail(m.raw));
}

function expectBothParts(mail: ParsedMail) {
  expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
  expect(mail.html).toMatch(/^<!DOCTYPE html>/);
  expect(mail.text.length).toBeGreaterThan(40);
  expect(mail.text).not.toMatch(/<(p|div|a|table|td|h\d|script|img|br)[\s>/]/i);
  expect(mail.headers.from).toBe("GulfPulse <news@gulfpulse.test>");
}

describe("delivery over SMTP", () => {
  it("verification mail from a real sign-up", async () => {
    await s.auth.api.signUpEmail({
      body: { email: "new.trader@example.com", password: "secret123", name: "New Trader" },
    });
    const [mail] = await deliveredTo("new.trader@example.com");
    expect(mail!.headers.subject).toBe("Verify your GulfPulse email");
    expectBothParts(mail!);
    expect(mail!.html).toContain("Hello New Trader,");
    expect(mail!.text).toMatch(/Verify email: http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/);
    const [row] = await s.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "new.trader@example.com"));
    expect(row).toMatchObject({ status: "sent", transport: "smtp", attempts: 1 });
  });

  it("password reset mail", async () => {
    await s.auth.api.requestPasswordReset({
      body: { email: "new.trader@example.com", redirectTo: "/auth/reset-password" },
    });
    const mails = await deliveredTo("new.trader@example.com");
    const reset = mails.find((m) => m.headers.subject === "Reset your GulfPulse password");
    expect(reset).toBeDefined();
    expectBothParts(reset!);
    expect(reset!.text).toContain("reset-password");
  });

  it("welcome mail after a full-form signup, with name, frequency and unsubscribe headers", async () => {
    await nl.subscribe({
      source: "full",
      fullName: "Huda <Admin>",
      email: "huda@example.com",
      frequency: "monthly",
    });
    const [mail] = await deliveredTo("huda@example.com");
    expect(mail!.headers.subject).toBe("Welcome to the GulfPulse newsletter");
    expectBothParts(mail!);
    // The name is text, never markup.
    expect(mail!.html).toContain("Welcome to GulfPulse, Huda &lt;Admin&gt;!");
    expect(mail!.text).toContain("You will receive our monthly newsletter");
    expect(mail!.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=/,
    );
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("broker selection mail", async () => {
    await nl.sendBrokerSelection({
      email: "client@example.com",
      fullName: "Test User",
      brokerName: "Sample Broker",
    });
    const [mail] = await deliveredTo("client@example.com");
    expect(mail!.headers.subject).toBe("Your broker selection: Sample Broker");
    expectBothParts(mail!);
    expect(mail!.text).toContain("Thank you for choosing Sample Broker through GulfPulse.");
    expect(mail!.html).toContain("Hello Test User,");
  });

  it("price alert mail built by alertTriggeredMail", async () => {
    const triggeredAt = new Date("2026-03-01T10:00:00Z");
    const mail = alertTriggeredMail({
      to: "alerts@example.com",
      name: "Trader",
      alertId: "8d1f3c1e-2f1b-4c55-9b3e-4b1f7e0c9a11",
      triggeredAt,
      symbol: "USD/AED",
      condition: "change_percent",
      target: 1.5,
      price: 3.6731,
      siteUrl: "http://localhost:3000/",
    });
    await s.outbox.enqueue(mail);
    // The same trigger enqueued again (an evaluator retry) is one mail.
    expect((await s.outbox.enqueue(mail)).duplicate).toBe(true);
    const [got, ...more] = await deliveredTo("alerts@example.com");
    expect(more).toHaveLength(0);
    expect(got!.headers.subject).toBe("Price alert triggered: USD/AED");
    expectBothParts(got!);
    expect(got!.text).toContain("USD/AED is now at 3.6731.");
    expect(got!.text).toContain("Your alert: Price changes by % 1.5%.");
    expect(got!.text).toContain("View your alerts: http://localhost:3000/price-alerts");
  });

  it("newsletter with sanitized Markdown and RFC 8058 headers; one-click unsubscribe over HTTP", async () => {
    await s.db.insert(newsletterSubscribers).values([
      { email: "reader1@example.com", fullName: "Reader One", frequency: "weekly" },
      { email: "reader2@example.com", fullName: "Reader Two", frequency: "weekly" },
    ]);
    await nl.sendCampaign({
      subject: "Gulf markets this week",
      content:
        "## Oil and banks\n\n**Brent** rose & fell.<script>alert(1)</script> [Chart](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n[Analysis](https://example.com/a)",
      frequency: "weekly",
    });
    const [mail] = await deliveredTo("reader1@example.com");
    expect(mail!.headers.subject).toBe("Gulf markets this week");
    expectBothParts(mail!);
    expect(mail!.html).toContain("<h2>Oil and banks</h2>");
    expect(mail!.html).toContain("<strong>Brent</strong>");
    expect(mail!.html).toMatch(/<a href="https:\/\/example.com\/a"[^>]*rel="noopener noreferrer"/);
    expect(mail!.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(mail!.text).toContain("**Brent** rose & fell. [Chart](javascript:alert(1))");
    expect(mail!.text).not.toContain("alert(1)</");
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const headerUrl = mail!.headers["list-unsubscribe"]!.match(/^<(.+)>$/)![1]!;
    expect(mail!.html).toContain("/newsletter/unsubscribe?token=");

    // The mail client POSTs to the header's URL (here: the same path on the test server).
    const target = httpBase + new URL(headerUrl).pathname + new URL(headerUrl).search;
    const res = await fetch(target, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("You have been unsubscribed from the GulfPulse newsletter.");
    const [reader1] = await s.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "reader1@example.com"));
    expect(reader1!.isActive).toBe(false);
    const [reader2] = await s.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "reader2@example.com"));
    expect(reader2!.isActive).toBe(true);

    // Opening the header link in a browser leads to the confirmation page, never unsubscribes.
    const get = await fetch(target, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toMatch(/^\/newsletter\/unsubscribe\?token=/);

    // A token for another subscriber cannot be made up.
    const forged = target.replace(/token=[^&]+/, `token=${reader2!.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect((await fetch(forged, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(404);

    // The next campaign skips the unsubscribed reader.
    const next = await nl.sendCampaign({ subject: "Next week", content: "More news", frequency: "weekly" });
    expect(next.queued).toBe(1);
  });

  it("admin-sent mails follow the recipient's language: an Arabic subscriber's broker selection and welcome", async () => {
    await nl.subscribe(
      { source: "community", fullName: "Layla", email: "Layla@example.com" },
      { locale: "ar" },
    );
    await nl.sendBrokerSelection({
      email: "layla@example.com",
      fullName: "ليلى",
      brokerName: "Sample Broker",
    });
    await nl.sendWelcome({ email: "LAYLA@example.com", fullName: "ليلى", frequency: "weekly" });
    const mails = await deliveredTo("layla@example.com");
    const broker = mails.find((m) => m.text.includes("Sample Broker"))!;
    expect(broker.headers.subject).toBe("اختيارك للوسيط: Sample Broker");
    expect(broker.html).toContain('dir="rtl"');
    expect(broker.text).toContain("شكرًا لاختيارك Sample Broker عبر GulfPulse.");
    expect(mails.map((m) => m.headers.subject)).toContain("مرحباً بك في النشرة البريدية من GulfPulse");
  });
});
