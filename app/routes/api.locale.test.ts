import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#server/services";
import { signInCookie, signUpVerified } from "#server/testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "#server/testing/http-app";
import { createTestServices } from "#server/testing/test-services";

// The remembered choice of a signed-in user: POST /api/locale, then pages follow it.
let s: Services;
let app: TestHttpApp;
let userId: string;
let cookie: string;

beforeAll(async () => {
  s = await createTestServices();
  app = await startTestHttpApp(s);
  userId = await signUpVerified(s, "amal@locale.test", "Amal");
  cookie = await signInCookie(s, "amal@locale.test");
}, 90_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

const save = (lang: string, headers: Record<string, string> = { cookie }) =>
  fetch(`${app.url}/api/locale`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ lang }),
  });
const open = (path: string, headers: Record<string, string>) =>
  fetch(app.url + path, { headers, redirect: "manual" });

describe("POST /api/locale and the remembered choice", () => {
  it("saves the signed-in user's language; their pages then open in it", async () => {
    expect((await save("ar")).status).toBe(200);
    expect(await s.users.localeOf(userId)).toBe("ar");
    const res = await open("/about?x=1", { cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ar/about?x=1");
    // This browser's own choice (the cookie the switch sets) wins: choosing English never loops.
    expect((await open("/about", { cookie: `${cookie}; lang=en` })).status).toBe(200);
    expect((await open("/ar/about", { cookie })).status).toBe(200);
  });

  it("refuses an unsupported language, or a visitor, and changes nothing", async () => {
    await save("en");
    const bad = await save("fr");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Unsupported language." });
    expect((await save("ar", {})).status).toBe(401);
    expect(await s.users.localeOf(userId)).toBe("en");
    expect((await open("/about", { cookie })).status).toBe(200);
  });

  it("never redirects on Accept-Language alone", async () => {
    expect((await open("/about", { "accept-language": "ar-SA,ar;q=0.9" })).status).toBe(200);
    const chosen = await open("/about", { cookie: "lang=ar", "accept-language": "en" });
    expect(chosen.headers.get("location")).toBe("/ar/about");
  });
});
