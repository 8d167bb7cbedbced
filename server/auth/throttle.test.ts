import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "~/lib/i18n";
import { serverText } from "~/lib/server-text";
import { auditLog, signInFailures } from "../db/schema";
import type { Services } from "../services";
import { signUpVerified, TEST_PASSWORD } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { ACCOUNT_LOCKED, lockSeconds, TOO_MANY_FOR_ADDRESS } from "./throttle";

// Default limits: the ones a production site runs with.
let s: Services;
beforeAll(async () => {
  s = await createTestServices();
}, 60_000);
afterAll(() => s.close());

const origin = "http://localhost:3000";
function post(path: string, body: unknown, ip: string) {
  const headers = new Headers({ "content-type": "application/json", origin, "x-gulfpulse-client-ip": ip });
  return s.auth.handler(
    new Request(`${origin}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
}
const signIn = (email: string, password: string, ip: string) =>
  post("/sign-in/email", { email, password }, ip);
const locks = (email: string) =>
  s.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "auth.account_locked"), eq(auditLog.target, email)));

describe("sign-in throttling", () => {
  it("50 different users sign in from one address (a carrier NAT) within a minute, all of them", async () => {
    const emails = Array.from({ length: 50 }, (_, i) => `nat-${i}@example.com`);
    for (const [i, email] of emails.entries()) await signUpVerified(s, email, `NAT ${i}`);
    const statuses: number[] = [];
    // As fast as the server answers: all 50 fall in the same minute of every limit.
    for (const [i, email] of emails.entries()) {
      // Some mistype their password first, as people do.
      if (i % 5 === 0) expect((await signIn(email, "mistyped", "100.64.0.1")).status).toBe(401);
      statuses.push((await signIn(email, TEST_PASSWORD, "100.64.0.1")).status);
    }
    expect(statuses).toEqual(emails.map(() => 200));
  }, 120_000);

  it("20 wrong passwords for one account from 20 addresses lock that account and no other", async () => {
    await signUpVerified(s, "target@example.com", "Target");
    await signUpVerified(s, "bystander@example.com", "Bystander");
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      statuses.push((await signIn("target@example.com", `guess-${i}`, `198.18.0.${i}`)).status);
    }
    // Five failures are counted, then the account is locked and the rest are refused unchecked.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    const right = await signIn("target@example.com", TEST_PASSWORD, "198.18.1.1");
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await right.json()) as { message: string }).message).toBe(
      "Too many failed sign-in attempts for this account. Try again in 1 min, or reset your password.",
    );
    // Another account signs in from the very addresses the attack used.
    expect((await signIn("bystander@example.com", TEST_PASSWORD, "198.18.0.20")).status).toBe(200);
    expect((await signIn("bystander@example.com", TEST_PASSWORD, "198.18.0.1")).status).toBe(200);

    // Every lock is an auth event.
    const events = await locks("target@example.com");
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ failures: 5, ip: "198.18.0.5" });
    expect(await locks("bystander@example.com")).toHaveLength(0);
  });

  it("the lock is temporary and grows with each failure after it", async () => {
    await signUpVerified(s, "grow@example.com", "Grow");
    for (let i = 0; i < 5; i++) await signIn("grow@example.com", "wrong", `198.18.2.${i + 1}`);
    // The first lock ends: one more wrong password locks again, twice as long.
    await s.db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInFailures.email, "grow@example.com"));
    expect((await signIn("grow@example.com", "wrong", "198.18.2.9")).status).toBe(401);
    const locked = await signIn("grow@example.com", TEST_PASSWORD, "198.18.2.9");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await locks("grow@example.com")).toHaveLength(2);
    // Once it ends, the right password gets in and the count starts again.
    await s.db
      .update(signInFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInFailures.email, "grow@example.com"));
    expect((await signIn("grow@example.com", TEST_PASSWORD, "198.18.2.9")).status).toBe(200);
    expect(
      await s.db.select().from(signInFailures).where(eq(signInFailures.email, "grow@example.com")),
    ).toEqual([]);
  });

  it("lock lengths: none before the threshold, then 1, 2, 4 ... minutes up to the cap", () => {
    expect([4, 5, 6, 7, 8].map((f) => lockSeconds(f, 5, 60))).toEqual([0, 60, 120, 240, 480]);
    expect(lockSeconds(30, 5, 60)).toBe(3600);
  });

  it("the owner lifts the lock by resetting the password", async () => {
    await signUpVerified(s, "owner-reset@example.com", "Owner");
    for (let i = 0; i < 6; i++) await signIn("owner-reset@example.com", "wrong", `198.18.3.${i + 1}`);
    expect((await signIn("owner-reset@example.com", TEST_PASSWORD, "198.18.3.9")).status).toBe(429);

    expect(
      (
        await post(
          "/request-password-reset",
          { email: "owner-reset@example.com", redirectTo: "/auth/reset-password" },
          "198.18.3.10",
        )
      ).status,
    ).toBe(200);
    const [mail] = await s.database.query<{ text: string }>(
      "select text from mail_outbox where to_address = $1 and kind = 'password-reset' order by created_at desc limit 1",
      ["owner-reset@example.com"],
    );
    const token = mail!.text.match(/reset-password\/([\w-]+)/)?.[1] ?? mail!.text.match(/token=([\w-]+)/)![1];
    expect(
      (await post("/reset-password", { token, newPassword: "a-new-password-1" }, "198.18.3.10")).status,
    ).toBe(200);
    expect((await signIn("owner-reset@example.com", "a-new-password-1", "198.18.3.11")).status).toBe(200);
  });
});

describe("the per-address ceiling on failed sign-ins", () => {
  // A low ceiling (5 a minute: one more every 12 s) so the refusal does not depend on timing.
  let low: Services;
  beforeAll(async () => {
    low = await createTestServices({ AUTH_RATE_LIMIT_PER_MINUTE: "5" });
    await signUpVerified(low, "member@example.com", "Member");
  }, 60_000);
  afterAll(() => low.close());
  const attempt = (email: string, password: string, ip: string) =>
    low.auth.handler(
      new Request(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, "x-gulfpulse-client-ip": ip },
        body: JSON.stringify({ email, password }),
      }),
    );

  it("past it, every sign-in from that address waits, the right password too; other addresses do not", async () => {
    const ip = "203.0.113.200";
    // Spread over many accounts so no account lock is what stops them.
    for (let i = 0; i < 5; i++)
      expect((await attempt(`nobody-${i}@example.com`, "wrong", ip)).status).toBe(401);
    const refused = await attempt("member@example.com", TEST_PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Too many requests. Please try again later.",
    );
    expect((await attempt("member@example.com", TEST_PASSWORD, "203.0.113.201")).status).toBe(200);
  });

  it("successful sign-ins are never counted", async () => {
    const ip = "203.0.113.210";
    for (let i = 0; i < 20; i++)
      expect((await attempt("member@example.com", TEST_PASSWORD, ip)).status).toBe(200);
  });
});

describe("sign-up and reset limits per email address", () => {
  it("a fourth sign-up for one address within the hour is refused, from any address", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await post(
        "/sign-up/email",
        { email: "repeat@example.com", password: "secret123", name: "Repeat" },
        `192.0.2.${i}`,
      );
      statuses.push(res.status);
      if (i === 4) {
        expect(((await res.json()) as { message: string }).message).toBe(
          "Too many requests for this email address. Please try again later.",
        );
      }
    }
    expect(statuses.slice(0, 3).every((st) => st !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it("reset mails for one address stop after three within the hour; other addresses still get theirs", async () => {
    const ask = (email: string, i: number) =>
      post("/request-password-reset", { email, redirectTo: "/auth/reset-password" }, `192.0.2.${100 + i}`);
    for (let i = 1; i <= 3; i++) expect((await ask("flood@example.com", i)).status).toBe(200);
    expect((await ask("FLOOD@example.com", 4)).status).toBe(429);
    expect((await ask("calm@example.com", 5)).status).toBe(200);
  });
});

it("the refusals are shown in Arabic on Arabic pages", () => {
  const ar = createI18n("ar").getFixedT("ar", "auth");
  const locked = serverText(ar, ACCOUNT_LOCKED.replace("{{minutes}}", "4"));
  expect(locked).toContain("4");
  expect(locked).toMatch(/[\u0600-\u06ff]/);
  expect(serverText(ar, TOO_MANY_FOR_ADDRESS)).toMatch(/[\u0600-\u06ff]/);
});
