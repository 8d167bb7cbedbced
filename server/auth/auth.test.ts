import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

let s: Services;
beforeAll(async () => {
  s = await createTestServices({ AUTH_RATE_LIMIT_PER_MINUTE: "4" });
});
afterAll(() => s.close());

const origin = "http://localhost:3000";
function post(path: string, body: unknown, ip = "203.0.113.7", cookie?: string) {
  const headers = new Headers({ "content-type": "application/json", origin, "x-gulfpulse-client-ip": ip });
  if (cookie) headers.set("cookie", cookie);
  return s.auth.handler(
    new Request(`${origin}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
}

async function verifyLatestMail(email: string) {
  const rows = await s.database.query<{ text: string }>(
    "select text from mail_outbox where to_address = $1 and kind = 'verification' order by created_at desc limit 1",
    [email],
  );
  const url = rows[0]!.text.match(/https?:\/\/\S+verify-email\S+/)![0];
  const res = await s.auth.handler(
    new Request(url, { headers: { "x-gulfpulse-client-ip": "198.51.100.1" } }),
  );
  expect(res.status).toBeLessThan(400);
}

describe("auth", () => {
  it("stores full_name, queues a verification mail, and refuses sign-in until verified", async () => {
    const res = await post(
      "/sign-up/email",
      { email: "amal@example.com", password: "sesame-17", name: "Amal Saleh" },
      "198.51.100.2",
    );
    expect(res.status).toBe(200);
    const [u] = await s.database.query<{ full_name: string; email_verified: boolean }>(
      `select full_name, email_verified from "user" where email = 'amal@example.com'`,
    );
    expect(u).toEqual({ full_name: "Amal Saleh", email_verified: false });
    const early = await post(
      "/sign-in/email",
      { email: "amal@example.com", password: "sesame-17" },
      "198.51.100.2",
    );
    expect(early.status).toBe(403);
    expect(((await early.json()) as { message: string }).message).toMatch(/verify your email/i);

    await verifyLatestMail("amal@example.com");
    const ok = await post(
      "/sign-in/email",
      { email: "amal@example.com", password: "sesame-17" },
      "198.51.100.2",
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().join(";")).toMatch(/session_token=.+HttpOnly/i);
  });

  it("rejects passwords shorter than 6 characters", async () => {
    const res = await post(
      "/sign-up/email",
      { email: "short@example.com", password: "12345", name: "Short" },
      "198.51.100.3",
    );
    expect(res.status).toBe(400);
    const [row] = await s.database.query<{ n: number }>(
      `select count(*)::int as n from "user" where email = 'short@example.com'`,
    );
    expect(row!.n).toBe(0);
  });

  it("rate limits sign-in attempts per client IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post("/sign-in/email", { email: "x@example.com", password: "wrongpass" }, "192.0.2.44"))
          .status,
      );
    }
    expect(statuses.slice(0, 4).every((st) => st === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is unaffected.
    expect(
      (await post("/sign-in/email", { email: "x@example.com", password: "wrongpass" }, "192.0.2.45")).status,
    ).toBe(401);
  });

  it("a banned user cannot sign in", async () => {
    await post(
      "/sign-up/email",
      { email: "ban@example.com", password: "sesame-17", name: "Ban" },
      "198.51.100.4",
    );
    await verifyLatestMail("ban@example.com");
    await s.database.query(`update "user" set banned = true where email = 'ban@example.com'`);
    const res = await post(
      "/sign-in/email",
      { email: "ban@example.com", password: "sesame-17" },
      "198.51.100.4",
    );
    expect(res.status).toBe(403);
  });

  it("ADMIN_EMAILS makes the user an admin on sign-up", async () => {
    const admins = await createTestServices({ ADMIN_EMAILS: "Boss@Example.com" });
    try {
      await admins.auth.api.signUpEmail({
        body: { email: "boss@example.com", password: "sesame-17", name: "Boss" },
      });
      const [u] = await admins.database.query<{ id: string }>(
        `select id from "user" where email = 'boss@example.com'`,
      );
      expect(await admins.isAdmin(u!.id)).toBe(true);
    } finally {
      await admins.close();
    }
  });
});

describe("the account's language", () => {
  let ip = 20;
  // One client address per sign-up: the test config allows two sign-ups a minute per address.
  const signUp = (email: string, extra: Record<string, string>, body: Record<string, unknown> = {}) =>
    s.auth.handler(
      new Request(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin,
          "x-gulfpulse-client-ip": `192.0.${++ip}.1`,
          ...extra,
        },
        body: JSON.stringify({ email, password: "sesame-17", name: "Huda", ...body }),
      }),
    );
  const latestMail = async (email: string, kind: string) =>
    (
      await s.database.query<{ subject: string; html: string; text: string }>(
        "select subject, html, text from mail_outbox where to_address = $1 and kind = $2 order by created_at desc limit 1",
        [email, kind],
      )
    )[0]!;
  const localeOf = async (email: string) =>
    (await s.database.query<{ locale: string }>(`select locale from "user" where email = $1`, [email]))[0]!
      .locale;

  it("signs up from an Arabic page in Arabic: users.locale 'ar' and an Arabic verification mail", async () => {
    expect((await signUp("huda@example.com", { referer: `${origin}/ar/auth` })).status).toBe(200);
    expect(await localeOf("huda@example.com")).toBe("ar");
    const mail = await latestMail("huda@example.com", "verification");
    expect(mail.subject).toBe("تأكيد بريدك الإلكتروني في GulfPulse");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain("مرحباً Huda،");
    // The remembered choice counts when there is no page to go by.
    expect((await signUp("huda2@example.com", { cookie: "lang=ar" })).status).toBe(200);
    expect(await localeOf("huda2@example.com")).toBe("ar");
  });

  it("sends the password reset in the user's language and keeps English mails as they were", async () => {
    const created = await signUp("nour@example.com", { referer: `${origin}/auth` });
    expect(created.status).toBe(200);
    expect(await localeOf("nour@example.com")).toBe("en");
    expect((await latestMail("nour@example.com", "verification")).subject).toBe(
      "Verify your GulfPulse email",
    );
    await s.users.setLocale(
      (await s.database.query<{ id: string }>(`select id from "user" where email = 'nour@example.com'`))[0]!
        .id,
      "ar",
    );
    const reset = await post(
      "/request-password-reset",
      { email: "nour@example.com", redirectTo: "/ar/auth/reset-password" },
      "198.51.100.10",
    );
    expect(reset.status).toBe(200);
    const mail = await latestMail("nour@example.com", "password-reset");
    expect(mail.subject).toBe("إعادة تعيين كلمة مرور GulfPulse");
    expect(mail.text).toContain("الرابط صالح لمدة ساعة واحدة");
  });

  it("cannot be chosen by the sign-up request's body", async () => {
    const res = await signUp("sneaky@example.com", { referer: `${origin}/auth` }, { locale: "ar" });
    expect(res.status).toBe(200);
    expect(await localeOf("sneaky@example.com")).toBe("en");
  });
});
