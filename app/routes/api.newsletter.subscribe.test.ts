import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, newsletterSubscribers } from "#server/db/schema";
import type { Services } from "#server/services";
import { startTestHttpApp, type TestHttpApp } from "#server/testing/http-app";
import { createTestServices } from "#server/testing/test-services";

// A subscriber's mails are in the language of the page the form was sent from.
let s: Services;
let app: TestHttpApp;

beforeAll(async () => {
  s = await createTestServices();
  app = await startTestHttpApp(s);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

const subscribe = (email: string, headers: Record<string, string>) =>
  fetch(`${app.url}/api/newsletter/subscribe`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ source: "full", fullName: "Rania", email, frequency: "monthly" }),
  });
const localeOf = async (email: string) =>
  (await s.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.locale;
const welcomeTo = async (email: string) =>
  (await s.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)))[0];

describe("POST /api/newsletter/subscribe and the page's language", () => {
  it("records Arabic from an Arabic page (its Referer) and sends the welcome in Arabic", async () => {
    expect((await subscribe("rania@ar.test", { referer: `${app.url}/ar/about` })).status).toBe(200);
    expect(await localeOf("rania@ar.test")).toBe("ar");
    const mail = await welcomeTo("rania@ar.test");
    expect(mail?.subject).toBe("مرحباً بك في النشرة البريدية من GulfPulse");
    expect(mail?.text).toContain("نشرتنا الشهرية");
  });

  it("records English from an English page, and the remembered choice when there is no page", async () => {
    expect((await subscribe("rania@en.test", { referer: `${app.url}/about` })).status).toBe(200);
    expect(await localeOf("rania@en.test")).toBe("en");
    expect((await welcomeTo("rania@en.test"))?.subject).toBe("Welcome to the GulfPulse newsletter");
    expect((await subscribe("rania@cookie.test", { cookie: "lang=ar" })).status).toBe(200);
    expect(await localeOf("rania@cookie.test")).toBe("ar");
  });
});
