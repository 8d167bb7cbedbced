import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarFeature } from "#server/calendar/service";
import type { Services } from "#server/services";
import { signInCookie, signUpVerified } from "#server/testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "#server/testing/http-app";
import { createTestServices } from "#server/testing/test-services";

// The calendar renders in the reader's zone on the server: the tz cookie, else the signed-in
// user's saved zone, else Gulf Standard Time.
let s: Services;
let app: TestHttpApp;
let userId: string;
let cookie: string;
let eventId: string;

beforeAll(async () => {
  s = await createTestServices();
  app = await startTestHttpApp(s);
  const calendar = s.calendar as unknown as CalendarFeature;
  await calendar.ensureSchedule();
  eventId = (await calendar.upcoming({ days: 60 }))[0]!.id;
  userId = await signUpVerified(s, "zone@calendar.test", "Zayed");
  cookie = await signInCookie(s, "zone@calendar.test");
}, 90_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

const save = (timeZone: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/calendar/time-zone`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ timeZone }),
  });
const page = async (headers: Record<string, string> = {}) =>
  (await fetch(`${app.url}/calendar/${eventId}`, { headers })).text();

describe("the reader's time zone on the server render", () => {
  it("is Gulf Standard Time for a first visit, the cookie's zone after that", async () => {
    expect(await page()).toContain("(Asia/Dubai)");
    const res = await save("Europe/London");
    expect(res.status).toBe(200);
    const set = res.headers.get("set-cookie")!;
    expect(set).toMatch(/^tz=Europe%2FLondon; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const html = await page({ cookie: set.split(";")[0]! });
    expect(html).toContain("(Europe/London)");
    expect(html).not.toContain("(Asia/Dubai)");
  });

  it("is saved for a signed-in user, so another browser (no tz cookie) opens in it", async () => {
    expect((await save("Asia/Riyadh", { cookie })).status).toBe(200);
    expect(await (s.calendar as unknown as CalendarFeature).timeZones.get(userId)).toBe("Asia/Riyadh");
    expect(await page({ cookie })).toContain("(Asia/Riyadh)");
    // This browser's own cookie still wins.
    expect(await page({ cookie: `${cookie}; tz=UTC` })).toContain("(UTC)");
  });

  it("refuses a zone that is not one, and changes nothing", async () => {
    const res = await save("Mars/Olympus_Mons", { cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Choose a valid time zone.");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await (s.calendar as unknown as CalendarFeature).timeZones.get(userId)).toBe("Asia/Riyadh");
    // A forged cookie is ignored: the page falls back to the saved zone.
    expect(await page({ cookie: `${cookie}; tz=%3Cscript%3E` })).toContain("(Asia/Riyadh)");
  });
});
