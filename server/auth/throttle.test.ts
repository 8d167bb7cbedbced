import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "~/lib/i18n";
import { serverText } from "~/lib/server-text";
import { auditLog, signInFailures } from "../db/schema";
import type { Services } from "../services";
import { BODY_ENCODINGS, bodyHeaders, encodeBody } from "../testing/body-encodings";
import { fingerprintTables, signUpVerified, TEST_PASSWORD } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";
import { JSON_ONLY } from "./json-bodies";
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

  it("past it, the other encodings get no further: 415, never a sign-in", async () => {
    const ip = "203.0.113.220";
    for (let i = 0; i < 5; i++)
      expect((await attempt(`nobody-enc-${i}@example.com`, "wrong", ip)).status).toBe(401);
    for (const as of OTHER_ENCODINGS) {
      const res = await sendAs(
        low,
        "/sign-in/email",
        { email: "member@example.com", password: TEST_PASSWORD },
        ip,
        as,
      );
      expect(res.status, as).toBe(415);
      expect(res.headers.getSetCookie(), as).toEqual([]);
    }
  });

  it("successful sign-ins are never counted", async () => {
    const ip = "203.0.113.210";
    for (let i = 0; i < 20; i++)
      expect((await attempt("member@example.com", TEST_PASSWORD, ip)).status).toBe(200);
  });
});

/** A request to the auth handler with its body in the given encoding (or a raw content type). */
function sendAs(services: Services, path: string, fields: Record<string, unknown>, ip: string, as: string) {
  const encoding = BODY_ENCODINGS.find((e) => e === as);
  const { type, body } = encoding ? encodeBody(fields, encoding) : { type: as, body: JSON.stringify(fields) };
  return services.auth.handler(
    new Request(`${origin}/api/auth${path}`, {
      method: "POST",
      headers: bodyHeaders(type, { origin, "x-gulfpulse-client-ip": ip }),
      body,
    }),
  );
}
const OTHER_ENCODINGS = BODY_ENCODINGS.filter((e) => e !== "json");
/** Spellings of JSON's media type that the auth library parses as JSON. */
const JSON_SPELLINGS = ["application/json; charset=utf-8", "Application/JSON"];

describe("the lock and the per-address ceiling, whatever the body's encoding", () => {
  it("a locked account stays locked: other encodings get 415 and never sign in, JSON spellings get 429", async () => {
    await signUpVerified(s, "enc-lock@example.com", "Enc");
    for (let i = 0; i < 5; i++) await signIn("enc-lock@example.com", `guess-${i}`, `198.18.9.${i + 1}`);
    const credentials = { email: "enc-lock@example.com", password: TEST_PASSWORD };
    for (const as of [...OTHER_ENCODINGS, "application/json-patch+json", ""]) {
      const res = await sendAs(s, "/sign-in/email", credentials, "198.18.9.50", as);
      expect(res.status, as).toBe(415);
      expect(res.headers.getSetCookie(), as).toEqual([]);
      expect(((await res.json()) as { message: string }).message).toBe(JSON_ONLY);
    }
    for (const as of JSON_SPELLINGS) {
      expect((await sendAs(s, "/sign-in/email", credentials, "198.18.9.51", as)).status, as).toBe(429);
    }
  });

  it("40 wrong passwords in each encoding: JSON spellings lock the account, the others never reach the check", async () => {
    for (const as of [...BODY_ENCODINGS, ...JSON_SPELLINGS]) {
      const email = `enc-guess-${as.replace(/\W/g, "").toLowerCase()}@example.com`;
      await signUpVerified(s, email, "Guess");
      const statuses = new Set<number>();
      for (let i = 0; i < 40; i++)
        statuses.add(
          (await sendAs(s, "/sign-in/email", { email, password: `bad${i}` }, `198.18.10.${i + 1}`, as))
            .status,
        );
      const right = await sendAs(s, "/sign-in/email", { email, password: TEST_PASSWORD }, "198.18.11.1", as);
      if (as === "json" || JSON_SPELLINGS.includes(as)) {
        expect([...statuses].sort(), as).toEqual([401, 429]);
        expect(right.status, as).toBe(429);
      } else {
        // Refused before the password is read: the right one gets the same answer as a wrong one.
        expect([...statuses], as).toEqual([415]);
        expect(right.status, as).toBe(415);
      }
    }
  }, 120_000);

  it("every state-changing auth endpoint refuses a body that is not JSON, and writes nothing", async () => {
    await signUpVerified(s, "enc-owner@example.com", "Owner");
    const bodies: Array<[string, Record<string, unknown>]> = [
      ["/sign-up/email", { email: "enc-new@example.com", password: "qz7#kp-new", name: "New" }],
      ["/sign-in/email", { email: "enc-owner@example.com", password: TEST_PASSWORD }],
      ["/request-password-reset", { email: "enc-owner@example.com", redirectTo: "/auth/reset-password" }],
      ["/send-verification-email", { email: "enc-owner@example.com" }],
      ["/reset-password", { token: "not-a-token", newPassword: "qz7#kp-new" }],
      ["/change-password", { currentPassword: TEST_PASSWORD, newPassword: "qz7#kp-new" }],
      ["/sign-out", {}],
      ["/revoke-sessions", {}],
    ];
    for (const as of OTHER_ENCODINGS) {
      for (const [path, fields] of bodies) {
        const before = await fingerprintTables(s);
        const res = await sendAs(s, path, fields, "198.18.12.1", as);
        expect(res.status, `${as} ${path}`).toBe(415);
        expect(await fingerprintTables(s), `${as} ${path} wrote`).toBe(before);
      }
    }
  });
});

describe("behind one trusted proxy (TRUST_PROXY=1), through the HTTP app", () => {
  let proxied: Services;
  let app: TestHttpApp;
  beforeAll(async () => {
    proxied = await createTestServices({ TRUST_PROXY: "1", AUTH_RATE_LIMIT_PER_MINUTE: "5" });
    app = await startTestHttpApp(proxied);
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
  });

  it("an X-Forwarded-For the client rotates itself does not evade the per-address ceiling", async () => {
    // The proxy appends the address it saw (203.0.113.50) to whatever the client wrote.
    const attempt = (i: number) =>
      fetch(`${app.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.9.0.${i}, 203.0.113.50` },
        body: JSON.stringify({ email: `rotating-${i}@example.com`, password: "wrong-password" }),
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Another client behind the same proxy is not held back.
    const other = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.51" },
      body: JSON.stringify({ email: "someone@example.com", password: "wrong-password" }),
    });
    expect(other.status).toBe(401);
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
