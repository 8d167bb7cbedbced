import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authFormSchema, PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON } from "#common/auth-schema";
import { createI18n } from "~/lib/i18n";
import { serverText } from "~/lib/server-text";
import type { Services } from "../services";
import { fingerprintTables, signInCookie, signUpVerified, TEST_PASSWORD } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";
import { isCommonPassword, weakPasswordReason } from "./password-policy";

describe("the new-password rule", () => {
  it("refuses the most common passwords, in any case, and keeps the 6-character minimum", () => {
    for (const common of ["123456", "aaaaaa", "password", "PassWord", "qwerty123", "iloveyou", "dragon"])
      expect(weakPasswordReason(common, "ann@example.com"), common).toBe(PASSWORD_TOO_COMMON);
    // Six characters that are nobody's favourite are enough.
    expect(weakPasswordReason("qz7#kp", "ann@example.com")).toBeNull();
    expect(weakPasswordReason("correct horse battery staple", "ann@example.com")).toBeNull();
    // Under 6 characters is the auth library's own "too short".
    expect(weakPasswordReason("12345", "ann@example.com")).toBeNull();
    expect(isCommonPassword("123456")).toBe(true);
  });

  it("refuses the email address or the part before its @, whatever the case", () => {
    expect(weakPasswordReason("Huda.Saleh@Example.com", "huda.saleh@example.com")).toBe(PASSWORD_IS_EMAIL);
    expect(weakPasswordReason("HUDA.SALEH", "huda.saleh@example.com")).toBe(PASSWORD_IS_EMAIL);
    expect(weakPasswordReason("huda.saleh1", "huda.saleh@example.com")).toBeNull();
    expect(weakPasswordReason("huda.saleh", undefined)).toBeNull();
  });

  it("the sign-up form's shared schema refuses the email as password; signing in is never refused by it", () => {
    const signUp = authFormSchema.safeParse({
      intent: "signup",
      fullName: "Huda",
      email: "huda.saleh@example.com",
      password: "huda.saleh",
    });
    expect(signUp.success).toBe(false);
    expect(signUp.error?.issues).toEqual([
      expect.objectContaining({ path: ["password"], message: PASSWORD_IS_EMAIL }),
    ]);
    const signIn = authFormSchema.safeParse({
      intent: "signin",
      email: "huda.saleh@example.com",
      password: "huda.saleh",
    });
    expect(signIn.success).toBe(true);
  });

  it("its messages are shown in Arabic on Arabic pages", () => {
    const ar = createI18n("ar").getFixedT("ar", "auth");
    for (const message of [PASSWORD_TOO_COMMON, PASSWORD_IS_EMAIL]) {
      expect(serverText(ar, message)).not.toBe(message);
      expect(serverText(ar, message)).toMatch(/[\u0600-\u06ff]/);
    }
  });
});

describe("weak new passwords through the auth endpoints and forms", () => {
  let s: Services;
  let app: TestHttpApp;
  beforeAll(async () => {
    s = await createTestServices();
    app = await startTestHttpApp(s);
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await s?.close();
  });

  let ip = 0;
  const auth = (path: string, body: unknown, cookie?: string) =>
    fetch(`${app.url}/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `198.51.100.${++ip}`,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const page = (path: string, fields: Record<string, string>) =>
    fetch(`${app.url}${path}`, { method: "POST", body: new URLSearchParams(fields) });
  const users = async (email: string) =>
    (
      await s.database.query<{ n: number }>(`select count(*)::int as n from "user" where email = $1`, [email])
    )[0]!.n;

  it('sign-up with "password" gets 400 with the message and creates no user', async () => {
    const before = await fingerprintTables(s);
    for (const [password, message] of [
      ["password", PASSWORD_TOO_COMMON],
      ["123456", PASSWORD_TOO_COMMON],
      ["weak.one@example.com", PASSWORD_IS_EMAIL],
      ["WEAK.ONE", PASSWORD_IS_EMAIL],
    ] as const) {
      const res = await auth("/sign-up/email", { email: "weak.one@example.com", password, name: "Weak" });
      expect(res.status, password).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    expect(await users("weak.one@example.com")).toBe(0);
    expect(await fingerprintTables(s)).toBe(before);
    // A password nobody else uses gets in.
    const ok = await auth("/sign-up/email", {
      email: "weak.one@example.com",
      password: "qz7#kp",
      name: "Weak",
    });
    expect(ok.status).toBe(200);
    expect(await users("weak.one@example.com")).toBe(1);
  });

  it("the sign-up form shows the message under the password field, and writes nothing", async () => {
    const before = await fingerprintTables(s);
    const res = await page("/auth.data", {
      intent: "signup",
      fullName: "Form",
      email: "form.user@example.com",
      password: "aaaaaa",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(PASSWORD_TOO_COMMON);
    const same = await page("/auth.data", {
      intent: "signup",
      fullName: "Form",
      email: "form.user@example.com",
      password: "form.user@example.com",
    });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain(PASSWORD_IS_EMAIL);
    expect(await fingerprintTables(s)).toBe(before);
  });

  it("a reset to a common password or the email is refused and the old password still works", async () => {
    await signUpVerified(s, "reset.me@example.com", "Reset");
    expect(
      (
        await auth("/request-password-reset", {
          email: "reset.me@example.com",
          redirectTo: "/auth/reset-password",
        })
      ).status,
    ).toBe(200);
    const [mail] = await s.database.query<{ text: string }>(
      "select text from mail_outbox where to_address = $1 and kind = 'password-reset' order by created_at desc limit 1",
      ["reset.me@example.com"],
    );
    const token =
      mail!.text.match(/reset-password\/([\w-]+)/)?.[1] ?? mail!.text.match(/token=([\w-]+)/)![1]!;
    const before = await fingerprintTables(s);
    const api = await auth("/reset-password", { token, newPassword: "password1" });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ message: PASSWORD_TOO_COMMON });
    const form = await page("/auth/reset-password.data", { token, password: "Reset.Me" });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(PASSWORD_IS_EMAIL);
    expect(await fingerprintTables(s)).toBe(before);
    expect(await signInCookie(s, "reset.me@example.com")).toMatch(/session_token=/);
    // The same link still sets a good password.
    expect((await auth("/reset-password", { token, newPassword: "a-new-password-1" })).status).toBe(200);
  });

  it("a password change to a common password or the email is refused", async () => {
    await signUpVerified(s, "change.me@example.com", "Change");
    const cookie = await signInCookie(s, "change.me@example.com");
    const before = await fingerprintTables(s);
    for (const [newPassword, message] of [
      ["iloveyou", PASSWORD_TOO_COMMON],
      ["change.me@example.com", PASSWORD_IS_EMAIL],
    ] as const) {
      const res = await auth("/change-password", { currentPassword: TEST_PASSWORD, newPassword }, cookie);
      expect(res.status, newPassword).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    expect(await fingerprintTables(s)).toBe(before);
  });
});
