/**
 * Property-based bad input against every form action and JSON endpoint, through the
 * real Express app. For input that cannot be valid the answer is a 4xx with a message (a JSON
 * error or the form's field errors) and no table changes; for any input there is never a 5xx
 * and never a stack trace or secret in the body. FC_NUM_RUNS raises the runs for a deeper local check.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitsSettingsSchema } from "#common/limits";
import { ACTIVITY_TYPES, BASE_CURRENCIES } from "#common/portfolio-schema";
import { watchlistNameSchema } from "#common/watchlist-schema";
import { grantAdmin } from "../auth/roles";
import { portfolios, user } from "../db/schema";
import type { Services } from "../services";
import { BODY_ENCODINGS, encodeBody } from "../testing/body-encodings";
import { fingerprintTables, signInCookie, signUpVerified, TEST_PASSWORD } from "../testing/fixtures";
import {
  hostileJson,
  hostileNumberText,
  hostileString,
  invalidEmail,
  longString,
  notAnId,
  randomIp,
} from "../testing/hostile";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";

const NUM_RUNS = Number(process.env.FC_NUM_RUNS ?? 10);
type Who = "anonymous" | "user" | "admin";

let s: Services;
let app: TestHttpApp;
const cookies: Record<Who, string> = { anonymous: "", user: "", admin: "" };

beforeAll(async () => {
  // One trusted proxy hop: each request names its own client address (the test connects as the
  // proxy), so per-IP limits stay out of the way.
  // Wrong passwords here are hostile values, not a guessing attack: the account lock (tested in
  // server/auth/throttle.test.ts) would write an audit row and lock the fixture users.
  s = await createTestServices({ TRUST_PROXY: "1", AUTH_LOCK_AFTER_FAILURES: "100000" });
  app = await startTestHttpApp(s);
  await grantAdmin(s.db, await signUpVerified(s, "admin@example.com", "Admin"));
  await signUpVerified(s, "user@example.com", "User");
  cookies.admin = await signInCookie(s, "admin@example.com");
  cookies.user = await signInCookie(s, "user@example.com");
}, 90_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

interface Sent {
  status: number;
  type: string;
  text: string;
}

async function send(
  method: string,
  path: string,
  opts: { who?: Who; type?: string; body?: BodyInit } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { "x-forwarded-for": randomIp(), accept: "application/json" };
  if (opts.type) headers["content-type"] = opts.type;
  if (opts.who && cookies[opts.who]) headers.cookie = cookies[opts.who];
  const res = await fetch(app.url + path, { method, headers, body: opts.body, redirect: "manual" });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

/** No stack frames, file paths or the auth secret, whatever the status. */
function expectNoLeak(res: Sent, label: string) {
  // (Pages name /node_modules/ paths here only because the test app is a Vite dev build.)
  expect(res.text, `${label}: leaks internals`).not.toMatch(
    /\bat \S+ \(\S+:\d+:\d+\)|\/work\/main\/|test-secret|Failed query|DrizzleQueryError/,
  );
}

function expectNoServerError(res: Sent, label: string) {
  expect(res.status, `${label} -> ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expectNoLeak(res, label);
}

/** A 4xx whose body says what was wrong: a JSON (or turbo-stream) error, message or field errors. */
function expectClientError(res: Sent, label: string, says?: RegExp) {
  const detail = `${label} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, detail).toBeGreaterThanOrEqual(400);
  expect(res.status, detail).toBeLessThan(500);
  const explained =
    /"(error|errors|fieldErrors|fields|message)"/.test(res.text) ||
    (res.type.startsWith("text/plain") && res.text.trim().length > 0) ||
    Boolean(says?.test(res.text));
  expect(explained, `${detail}: no message`).toBe(true);
  expectNoLeak(res, label);
}

async function unchanged(label: string, run: () => Promise<void>) {
  const before = await fingerprintTables(s);
  await run();
  expect(await fingerprintTables(s), `${label} wrote to the database`).toBe(before);
}

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  }
  return body;
};

/** A field's value, or the same key sent two or three times (an array where a string goes). */
const formValue = (value: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: value, weight: 4 },
    { arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }), weight: 1 },
  );

interface Target {
  name: string;
  method: "POST" | "DELETE" | "PATCH";
  /** Where the request goes (UI routes get ".data", as the browser's fetch does). */
  path: string;
  who: Who;
  encoding: "form" | "json";
  /** Fields that are valid or harmless on their own. */
  base: Record<string, unknown>;
  /** How the body says what was wrong, when not with an error/message/fields key. */
  says?: RegExp;
  /** Fields of which at least one gets a value that is never valid. */
  invalid: Record<string, fc.Arbitrary<unknown>>;
}

const SITE_FORMS: Array<[string, string, Record<string, string>]> = [
  ["contact", "/contact.data", { name: "Ann", subject: "general", message: "Hello" }],
  [
    "partner",
    "/partner.data",
    {
      companyName: "Co",
      contactName: "Ann",
      phone: "+971 4 000",
      country: "UAE",
      partnershipType: "Content",
      description: "We write",
    },
  ],
  [
    "live markets access",
    "/live-markets.data",
    {
      fullName: "Ann",
      phone: "+971 4 000",
      country: "UAE",
      tradingExperience: "Beginner",
      preferredMarkets: "Forex",
      investmentAmount: "Under $10,000",
      riskTolerance: "Moderate",
    },
  ],
];

const adminIntent = (intent: string, invalid: Record<string, fc.Arbitrary<unknown>>, base = {}): Target => ({
  name: `admin intent ${intent}`,
  method: "POST",
  path: "/admin.data",
  who: "admin",
  encoding: "form",
  base: { intent, ...base },
  invalid,
});

const TARGETS: Target[] = [
  ...SITE_FORMS.map(
    ([name, path, base]): Target => ({
      name: `${name} form`,
      method: "POST",
      path,
      who: "anonymous",
      encoding: "form",
      base,
      invalid: { email: invalidEmail },
    }),
  ),
  {
    name: "calendar time zone",
    method: "POST",
    path: "/api/calendar/time-zone",
    who: "user",
    encoding: "form",
    base: {},
    invalid: { timeZone: hostileString.map((v) => `${v}/Nowhere!`) },
  },
  {
    name: "calendar reminder",
    method: "POST",
    path: "/calendar/00000000-0000-4000-8000-000000000000.data",
    who: "user",
    encoding: "form",
    base: { intent: "set" },
    invalid: { minutesBefore: hostileString.map((v) => `x${v}`) },
  },
  {
    name: "admin calendar event",
    method: "POST",
    path: "/api/admin/calendar",
    who: "admin",
    encoding: "json",
    base: {
      title: "Fuzzed event",
      startsAt: "2031-01-01T10:00:00Z",
      country: "Oman",
      category: "Central Bank",
      importance: "low",
      confidence: "expected",
    },
    invalid: { country: hostileString.map((v) => `${v}-land!`), startsAt: hostileString.map((v) => `x${v}`) },
  },
  {
    name: "admin Shariah ruling",
    method: "POST",
    path: "/api/admin/shariah",
    who: "admin",
    encoding: "json",
    base: {
      symbol: "2222",
      authority: "tanmia",
      ruling: "compliant",
      listDate: "2025-08-23",
      listUrl: "https://example.com/list",
    },
    invalid: { listDate: hostileString.map((v) => `x${v}`), ruling: hostileString.map((v) => `${v}-halal!`) },
  },
  {
    name: "admin disclosure feed",
    method: "POST",
    path: "/api/admin/disclosure-feeds",
    who: "admin",
    encoding: "form",
    base: { name: "Fuzzed feed", language: "en", field: "title", pattern: "^(\\w+) -", match: "symbol" },
    invalid: {
      url: hostileString.map((v) => `ftp://${v}`),
      exchange: hostileString.map((v) => `${v}-EXCHANGE!`),
    },
  },
  {
    name: "admin Shariah CSV import",
    method: "POST",
    path: "/api/admin/shariah/import",
    who: "admin",
    encoding: "form",
    base: { dryRun: "false" },
    // No header line, or a bad date in its one row: the file is refused whole.
    invalid: {
      csv: hostileString.map(
        (v) =>
          `symbol,authority,ruling,listDate,listUrl\n2222,tanmia,compliant,x${v.replace(/[\r\n",]/g, "")},https://example.com/l`,
      ),
    },
  },
  {
    name: "dividend reminder",
    method: "POST",
    path: "/api/dividends/reminders",
    who: "user",
    encoding: "form",
    base: { actionId: "00000000-0000-4000-8000-000000000000" },
    invalid: { daysBefore: hostileString.map((v) => `x${v}`) },
  },
  {
    name: "admin distribution",
    method: "POST",
    path: "/api/admin/dividends",
    who: "admin",
    encoding: "json",
    base: {
      symbol: "2222",
      exDate: "2031-01-05",
      amount: "0.5",
      currency: "SAR",
      sourceUrl: "https://example.com/announcement",
    },
    invalid: {
      exDate: hostileString.map((v) => `x${v}`),
      sourceUrl: hostileString.map((v) => `javascript:${v}`),
    },
  },
  {
    name: "newsletter subscribe",
    method: "POST",
    path: "/api/newsletter/subscribe",
    who: "anonymous",
    encoding: "form",
    base: { source: "community", fullName: "Ann" },
    invalid: { email: invalidEmail, source: hostileString },
  },
  ...(["signin", "signup", "forgot"] as const).map(
    (intent): Target => ({
      name: `auth form ${intent}`,
      method: "POST",
      path: "/auth.data",
      who: "anonymous",
      encoding: "form",
      base: { intent, fullName: "Ann", password: "secret123" },
      invalid: { email: invalidEmail },
    }),
  ),
  {
    name: "reset password form",
    method: "POST",
    path: "/auth/reset-password.data",
    who: "anonymous",
    encoding: "form",
    base: { password: "secret123" },
    invalid: { token: hostileString, password: hostileString },
  },
  {
    name: "Better Auth sign-up",
    method: "POST",
    path: "/api/auth/sign-up/email",
    who: "anonymous",
    encoding: "json",
    base: { name: "Ann", password: "secret123" },
    invalid: { email: fc.oneof(invalidEmail, hostileJson) },
  },
  {
    name: "Better Auth sign-in",
    method: "POST",
    path: "/api/auth/sign-in/email",
    who: "anonymous",
    encoding: "json",
    base: { email: "user@example.com" },
    invalid: { password: hostileJson, email: fc.oneof(invalidEmail, hostileJson) },
  },
  {
    name: "Better Auth password reset request",
    method: "POST",
    path: "/api/auth/request-password-reset",
    who: "anonymous",
    encoding: "json",
    base: { redirectTo: "/auth/reset-password" },
    invalid: {
      email: fc.oneof(invalidEmail, hostileJson),
      redirectTo: fc.constantFrom("https://evil.example/steal", "//evil.example", "javascript:alert(1)"),
    },
  },
  {
    name: "Better Auth reset password",
    method: "POST",
    path: "/api/auth/reset-password",
    who: "anonymous",
    encoding: "json",
    base: { newPassword: "secret456" },
    invalid: { token: fc.oneof(hostileString, hostileJson), newPassword: hostileJson },
  },
  {
    name: "price alert create",
    method: "POST",
    path: "/price-alerts.data",
    who: "user",
    encoding: "form",
    base: { intent: "create", symbol: "BTC", alertType: "above", targetValue: "100" },
    invalid: {
      targetValue: hostileNumberText.filter((v) => !/^\d*\.?\d+$|^\d+\.$/.test(v.trim()) || Number(v) <= 0),
      alertType: hostileString,
      symbol: fc.oneof(
        longString,
        fc.constantFrom("", "NOPE-NOT-A-SYMBOL", "'; drop table price_alerts; --"),
      ),
    },
  },
  {
    name: "price alert create: window, frequency, cooldown, expiry, webhook",
    method: "POST",
    path: "/price-alerts.data",
    who: "user",
    encoding: "form",
    base: {
      intent: "create",
      symbol: "BTC",
      alertType: "move_window",
      targetValue: "5",
      windowMinutes: "60",
      frequency: "every",
      cooldownSeconds: "120",
      expiresAt: "2099-01-01T10:00",
      tzOffset: "0",
    },
    invalid: {
      windowMinutes: hostileString.filter((v) => ![5, 60, 1440].includes(Number(v.trim()))),
      frequency: hostileString.filter((v) => !["once", "daily", "every"].includes(v)),
      cooldownSeconds: hostileNumberText.filter((v) => {
        const n = Number(v.trim());
        return !(Number.isInteger(n) && n >= 60 && n <= 604_800);
      }),
      expiresAt: fc.constantFrom(
        "yesterday",
        "2000-01-01T00:00",
        "2020-05-05T10:00:00Z",
        "2099-13-45T99:99",
        "1e12",
        "'; drop table price_alerts; --",
      ),
    },
  },
  {
    name: "price alert create: a webhook that is not the user's",
    method: "POST",
    path: "/price-alerts.data",
    who: "user",
    encoding: "form",
    base: {
      intent: "create",
      symbol: "BTC",
      alertType: "crossing_down",
      targetValue: "100",
      notifyWebhook: "on",
    },
    invalid: {
      webhookId: fc.oneof(
        notAnId.filter((v) => v.trim() !== ""),
        fc.uuid(),
      ),
    },
  },
  ...(["toggle", "delete", "read", "update", "duplicate"] as const).map(
    (intent): Target => ({
      name: `price alert ${intent}`,
      method: "POST",
      path: "/price-alerts.data",
      who: "user",
      encoding: "form",
      base: { intent, active: "true" },
      invalid: { id: fc.oneof(notAnId, fc.uuid()) },
    }),
  ),
  {
    name: "watchlist create",
    method: "POST",
    path: "/api/watchlists",
    who: "user",
    encoding: "form",
    base: { intent: "create", name: "Fuzzed list", symbol: "BTC" },
    invalid: {
      // Blank or over 40 characters once trimmed, as the name rule counts them (the rule itself
      // decides: a count of UTF-16 units here refused names it rightly takes, such as emoji
      // sequences); or an instrument the directory does not know.
      name: hostileString.filter((v) => !watchlistNameSchema.safeParse(v).success),
      symbol: fc.oneof(longString, fc.constantFrom("", "NOPE-NOT-A-SYMBOL", "'; drop table watchlists; --")),
    },
  },
  {
    name: "watchlist alert",
    method: "POST",
    path: "/api/watchlists",
    who: "user",
    encoding: "form",
    base: {
      intent: "alert",
      id: "00000000-0000-4000-8000-000000000000",
      kind: "move_window",
      windowMinutes: "60",
      percent: "5",
    },
    invalid: {
      percent: hostileNumberText.filter((v) => !(Number(v) > 0 && Number(v) <= 100)),
      windowMinutes: hostileString.filter((v) => ![5, 60, 1440].includes(Number(v))),
      kind: hostileString.filter((v) => !["change_percent", "move_window"].includes(v)),
    },
  },
  ...(["rename", "delete", "add", "remove", "reorder-items", "clear-alert"] as const).map(
    (intent): Target => ({
      name: `watchlist ${intent} (no such list)`,
      method: "POST",
      path: "/api/watchlists",
      who: "user",
      encoding: "form",
      base: { intent, name: "Renamed", symbol: "BTC", symbols: "BTC" },
      invalid: { id: fc.oneof(notAnId, fc.uuid()) },
    }),
  ),
  {
    name: "watchlist reorder (not the user's lists)",
    method: "POST",
    path: "/api/watchlists",
    who: "user",
    encoding: "form",
    base: { intent: "reorder" },
    invalid: { ids: fc.array(fc.oneof(notAnId, fc.uuid()), { minLength: 1, maxLength: 3 }) },
  },
  {
    name: "watchlist merge of a local list",
    method: "POST",
    path: "/api/watchlists",
    who: "user",
    encoding: "form",
    base: { intent: "merge", lang: "en" },
    invalid: { symbols: fc.array(longString, { minLength: 1, maxLength: 3 }) },
  },
  {
    name: "watchlist unknown intent",
    method: "POST",
    path: "/api/watchlists",
    who: "user",
    encoding: "form",
    base: {},
    invalid: {
      intent: hostileString.filter(
        (v) =>
          ![
            "create",
            "rename",
            "delete",
            "reorder",
            "add",
            "remove",
            "reorder-items",
            "merge",
            "alert",
            "clear-alert",
          ].includes(v),
      ),
    },
  },
  {
    name: "watchlist change (anonymous)",
    method: "POST",
    path: "/api/watchlists",
    who: "anonymous",
    encoding: "form",
    base: { intent: "create", name: "Visitor list" },
    invalid: { intent: hostileString },
  },
  {
    name: "price alert unknown intent (anonymous)",
    method: "POST",
    path: "/price-alerts.data",
    who: "anonymous",
    encoding: "form",
    base: { intent: "read-all" },
    invalid: { intent: hostileString },
  },
  {
    name: "price alert unknown intent",
    method: "POST",
    path: "/price-alerts.data",
    who: "user",
    encoding: "form",
    base: {},
    invalid: { intent: hostileString.filter((v) => !["create", "read-all"].includes(v)) },
  },
  ...(["anonymous", "user"] as const).map(
    (who): Target => ({
      name: `chat message (${who})`,
      method: "POST",
      path: "/api/chat",
      who,
      encoding: "json",
      base: { message: "Hello" },
      invalid: {
        message: fc.oneof(
          hostileJson.filter((v) => typeof v !== "string"),
          fc.constantFrom("", "   ", "x".repeat(4_001)),
        ),
        conversationId: notAnId.filter((v) => v !== ""),
        history: fc.oneof(hostileString, fc.array(hostileJson, { minLength: 1, maxLength: 3 })),
      },
    }),
  ),
  {
    name: "chat in someone else's (or no) conversation",
    method: "POST",
    path: "/api/chat",
    who: "user",
    encoding: "json",
    base: { message: "Hello" },
    invalid: { conversationId: fc.uuid() },
  },
  {
    name: "news analytics refresh",
    method: "POST",
    path: "/news-analytics.data",
    who: "anonymous",
    encoding: "form",
    base: {},
    invalid: { intent: hostileString.filter((v) => v !== "refresh") },
  },
  {
    name: "unsubscribe confirmation",
    method: "POST",
    path: "/newsletter/unsubscribe.data",
    who: "anonymous",
    encoding: "form",
    // The page's "invalid link" state is its message.
    says: /"state","invalid"/,
    base: {},
    invalid: { token: hostileString },
  },
  adminIntent("ban", { userId: notAnId }),
  adminIntent("grantAdmin", { userId: fc.oneof(notAnId, fc.uuid()) }),
  adminIntent("setHandled", { id: fc.oneof(notAnId, fc.uuid()) }, { handled: "true" }),
  adminIntent("retryMail", { id: fc.oneof(notAnId, fc.uuid()) }),
  adminIntent(
    "deleteContent",
    { entity: hostileString, id: fc.oneof(notAnId, fc.uuid()) },
    { entity: "articles" },
  ),
  adminIntent("refreshFeed", { id: fc.oneof(notAnId, fc.uuid()) }),
  adminIntent("saveContent", { entity: hostileString }, { title: "T", section: "economic" }),
  adminIntent("saveMarket", { marketTickMs: hostileNumberText.filter((v) => !(Number(v) >= 250)) }),
  {
    // The optional Arabic versions an editor writes: over their length they are refused whole.
    ...adminIntent(
      "saveContent",
      { titleAr: longString, excerptAr: fc.constantFrom("x".repeat(501), "ب".repeat(900)) },
      { entity: "articles", title: "T", section: "economic" },
    ),
    name: "admin intent saveContent: Arabic versions",
  },
  adminIntent(
    "saveLimits",
    Object.fromEntries(
      (["alertsPerUser", "webhooksPerMinute", "pushesPerMinute"] as const).map((name) => [
        name,
        hostileNumberText.filter((v) => !limitsSettingsSchema.shape[name].safeParse(v).success),
      ]),
    ),
    { alertsPerUser: "100", webhooksPerMinute: "30", pushesPerMinute: "30" },
  ),
  adminIntent("testMail", { testEmail: invalidEmail }),
  adminIntent("testWelcome", { testEmail: invalidEmail }),
  adminIntent(
    "sendNewsletter",
    { testEmail: invalidEmail },
    { subject: "S", content: "C", isTest: "true", frequency: "weekly" },
  ),
  adminIntent("noSuchIntent", {
    intent: hostileString.filter((v) => v.length > 0 && !/^[a-zA-Z]+$/.test(v)),
  }),
  ...(["send", "welcome", "broker-selection"] as const).map(
    (name): Target => ({
      name: `admin newsletter API ${name}`,
      method: "POST",
      path: `/api/admin/newsletter/${name}`,
      who: "admin",
      encoding: "json",
      base: { subject: "S", content: "C", isTest: true, fullName: "Ann" },
      // send takes testEmail, the two test mails take email
      invalid: {
        [name === "send" ? "testEmail" : "email"]: fc.oneof(
          invalidEmail,
          hostileJson.filter((v) => typeof v !== "string"),
        ),
      },
    }),
  ),
  ...portfolioTargets(),
  {
    name: "webhook add",
    method: "POST",
    path: "/api/webhooks",
    who: "user",
    encoding: "json",
    base: { url: "https://hooks.example.com/fuzz", label: "Fuzz" },
    invalid: {
      url: fc.oneof(
        hostileJson.filter((v) => typeof v !== "string" || !v.trim().startsWith("https:")),
        fc.constantFrom(
          "http://hooks.example.com/plain",
          "https://127.0.0.1/hook",
          "https://[::1]/hook",
          "https://169.254.169.254/latest/meta-data",
          "https://10.0.0.1/hook",
          "https://localhost/hook",
          "javascript:alert(1)",
          "ftp://hooks.example.com/",
        ),
      ),
      label: fc.oneof(
        longString,
        hostileJson.filter((v) => typeof v !== "string"),
      ),
    },
  },
  {
    name: "webhook change (not the user's)",
    method: "PATCH",
    path: "/api/webhooks/00000000-0000-4000-8000-000000000000",
    who: "user",
    encoding: "json",
    base: { label: "Fuzz" },
    invalid: { label: fc.oneof(longString, hostileJson), isDefault: hostileJson.filter((v) => v !== true) },
  },
  ...(["00000000-0000-4000-8000-000000000000", "not-a-webhook"] as const).map(
    (id): Target => ({
      name: `webhook remove (not the user's) ${id}`,
      method: "DELETE",
      path: `/api/webhooks/${id}`,
      who: "user",
      encoding: "json",
      base: {},
      invalid: { id: fc.oneof(notAnId, fc.uuid()) },
    }),
  ),
  ...(
    ["/api/webhooks/00000000-0000-4000-8000-000000000000/test", "/api/webhooks/not-a-webhook/test"] as const
  ).map(
    (path): Target => ({
      name: `webhook send test ${path}`,
      method: "POST",
      path,
      who: "user",
      encoding: "json",
      base: {},
      invalid: { id: fc.oneof(notAnId, fc.uuid()) },
    }),
  ),
  {
    name: "screen save",
    method: "POST",
    path: "/api/screens",
    who: "user",
    encoding: "json",
    base: { name: "Fuzz screen", query: "exchange=TADAWUL&changePercentMin=2" },
    invalid: {
      name: fc.oneof(
        longString,
        fc.constantFrom("", "   "),
        hostileJson.filter((v) => typeof v !== "string"),
      ),
      query: fc.oneof(
        fc.constantFrom(
          "exchange=NYSE",
          "changePercentMin=two",
          "limit=0",
          "sort=price&sort=volume",
          "unknown=1",
          "sector=Nothing",
          "priceMin=5&priceMax=1",
        ),
        hostileJson.filter((v) => typeof v !== "string"),
      ),
      alerts: hostileJson.filter(
        (v) => typeof v !== "boolean" && !["true", "false", "on", "1", "0"].includes(v as string),
      ),
    },
  },
  {
    name: "screen change (not the user's)",
    method: "PATCH",
    path: "/api/screens/00000000-0000-4000-8000-000000000000",
    who: "user",
    encoding: "json",
    base: { name: "Fuzz" },
    invalid: {
      name: fc.oneof(longString, hostileJson),
      notifyEmail: hostileJson.filter((v) => v !== true && v !== false),
    },
  },
  ...(["00000000-0000-4000-8000-000000000000", "not-a-screen"] as const).map(
    (id): Target => ({
      name: `screen remove (not the user's) ${id}`,
      method: "DELETE",
      path: `/api/screens/${id}`,
      who: "user",
      encoding: "json",
      base: {},
      invalid: { id: fc.oneof(notAnId, fc.uuid()) },
    }),
  ),
  {
    name: "push subscribe",
    method: "POST",
    path: "/api/push/subscriptions",
    who: "user",
    encoding: "json",
    // A real subscription's shape: an address and keys of the lengths RFC 8291 needs.
    base: {
      endpoint: "https://push.example.com/send/fuzz",
      keys: {
        p256dh: `B${"A".repeat(86)}`,
        auth: "A".repeat(22),
      },
    },
    invalid: {
      endpoint: fc.oneof(
        hostileJson.filter((v) => typeof v !== "string" || !/^https?:\/\//.test(v)),
        fc.constantFrom(
          "javascript:alert(1)",
          "ftp://push.example.com/",
          "https://user:pw@push.example.com/x",
        ),
      ),
      keys: fc.oneof(
        hostileJson,
        fc.record({ p256dh: fc.oneof(hostileString, longString), auth: fc.constantFrom("A".repeat(22)) }),
        fc.record({
          p256dh: fc.constantFrom(`B${"A".repeat(86)}`),
          auth: fc.oneof(hostileString, longString),
        }),
      ),
    },
  },
  {
    name: "push unsubscribe (not the user's)",
    method: "DELETE",
    path: "/api/push/subscriptions",
    who: "user",
    encoding: "json",
    base: {},
    invalid: { id: fc.oneof(notAnId, fc.uuid()), endpoint: fc.oneof(hostileJson, longString) },
  },
  {
    name: "push test (no devices)",
    method: "POST",
    path: "/api/push/test",
    who: "user",
    encoding: "json",
    base: {},
    invalid: { lang: hostileJson },
  },
  {
    name: "admin mail retry API",
    method: "POST",
    path: "/api/admin/mail/retry",
    who: "admin",
    encoding: "json",
    base: {},
    invalid: { ids: fc.oneof(notAnId, fc.array(notAnId, { minLength: 1, maxLength: 3 }), hostileNumberText) },
  },
];

/** The base fields, some replaced by hostile ones, and at least one invalidating field. */
function hostileBody(t: Target) {
  return hostileParts(t).map(([n, bad]) => ({ ...t.base, ...n, ...bad }));
}

/** Hostile noise over the base fields, and the invalidating fields apart. */
function hostileParts(t: Target) {
  const keys = Object.keys(t.invalid);
  const invalidPart = fc
    .subarray(keys, { minLength: 1 })
    .chain((chosen) => fc.record(Object.fromEntries(chosen.map((k) => [k, t.invalid[k]!]))));
  const noise = fc.dictionary(
    // intent, isTest and notifyWebhook choose what the request does (without the webhook channel
    // a webhook id is ignored), so they are not noise
    fc.constantFrom(
      ...Object.keys(t.base).filter((k) => !["intent", "isTest", "notifyWebhook"].includes(k)),
      "extra",
      "__proto__",
    ),
    t.encoding === "form" ? hostileString : hostileJson,
    { maxKeys: 2 },
  );
  return fc.tuple(noise, invalidPart);
}

function encode(t: Target, fields: Record<string, unknown>): { type: string; body: BodyInit } {
  if (t.encoding === "json") return { type: "application/json", body: JSON.stringify(fields) };
  const strings: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(fields)) {
    strings[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  return { type: "application/x-www-form-urlencoded", body: form(strings) };
}

describe("hostile field values: a 4xx with a message, nothing written", () => {
  for (const t of TARGETS) {
    it(t.name, async () => {
      await fc.assert(
        fc.asyncProperty(hostileBody(t), async (fields) => {
          await unchanged(t.name, async () => {
            const { type, body } = encode(t, fields);
            expectClientError(await send(t.method, t.path, { who: t.who, type, body }), t.name, t.says);
          });
        }),
        { numRuns: NUM_RUNS },
      );
    });
  }
  it("form values repeated (arrays where strings go)", async () => {
    const formTargets = TARGETS.filter((t) => t.encoding === "form");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...formTargets), formValue(invalidEmail), async (t, email) => {
        const key = Object.keys(t.invalid)[0]!;
        const fields = {
          ...(t.base as Record<string, string>),
          [key]: Array.isArray(email) ? email : [email, email],
        };
        await unchanged(t.name, async () => {
          const res = await send(t.method, t.path, {
            who: t.who,
            type: "application/x-www-form-urlencoded",
            body: form(fields),
          });
          expectClientError(res, `${t.name} repeated ${key}`, t.says);
        });
      }),
      { numRuns: NUM_RUNS * 2 },
    );
  });
});

/** A value no form field could mean rightly: text that is not a boolean, a number or empty. */
const wrongAsText = (v: unknown): boolean =>
  (typeof v === "string" && !/^\s*(true|false|on|off|null|[-+\d.e]*)\s*$/i.test(v)) ||
  (Array.isArray(v) && v.some(wrongAsText));

describe("every state-changing endpoint in every body encoding: hostile values get a 4xx, nothing written", () => {
  // JSON, and the three encodings an HTML form can post: an endpoint that reads one more
  // encoding than its checks would take these bodies past them.
  for (const t of TARGETS) {
    it(t.name, async () => {
      await fc.assert(
        fc.asyncProperty(hostileParts(t), async ([noise, bad]) => {
          const fields = { ...t.base, ...noise, ...bad };
          for (const encoding of BODY_ENCODINGS) {
            // A value wrong only by its JSON type (true, 5, null) is fair text in a form: the
            // form encodings carry this body only when some invalidating value is wrong as text.
            if (encoding !== "json" && !Object.values(bad).some(wrongAsText)) continue;
            const label = `${t.name} as ${encoding}`;
            await unchanged(label, async () => {
              const { type, body } = encodeBody(fields, encoding);
              expectClientError(await send(t.method, t.path, { who: t.who, type, body }), label, t.says);
            });
          }
        }),
        { numRuns: Math.max(1, Math.ceil(NUM_RUNS / 5)) },
      );
    });
  }
});

describe("the auth endpoints take JSON only: a valid body in any other encoding gets 415, nothing written", () => {
  const VALID: Array<[string, Record<string, string>]> = [
    ["/api/auth/sign-up/email", { email: "encoded-new@example.com", password: "qz7#kp-valid", name: "New" }],
    ["/api/auth/sign-in/email", { email: "user@example.com", password: TEST_PASSWORD }],
    ["/api/auth/request-password-reset", { email: "user@example.com", redirectTo: "/auth/reset-password" }],
    ["/api/auth/send-verification-email", { email: "user@example.com" }],
    ["/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: "qz7#kp-valid" }],
    ["/api/auth/update-user", { name: "Renamed by a form" }],
    ["/api/auth/revoke-other-sessions", {}],
  ];
  for (const encoding of BODY_ENCODINGS.filter((e) => e !== "json")) {
    it(encoding, async () => {
      for (const [path, fields] of VALID) {
        await unchanged(`${path} as ${encoding}`, async () => {
          const { type, body } = encodeBody(fields, encoding);
          const res = await send("POST", path, { who: "user", type, body });
          expect(res.status, `${path} as ${encoding}: ${res.text.slice(0, 200)}`).toBe(415);
          expect(JSON.parse(res.text)).toEqual({
            message: "Send this request as JSON (Content-Type: application/json).",
            code: "UNSUPPORTED_MEDIA_TYPE",
          });
        });
      }
    });
  }
});

/** Bodies that are broken as a whole, sent to every endpoint that takes one. */
const BROKEN_BODIES: Array<{ name: string; type?: string; body: (t: Target) => BodyInit }> = [
  { name: "invalid JSON", type: "application/json", body: () => '{"email": "a@b.co", ' },
  { name: "JSON null", type: "application/json", body: () => "null" },
  { name: "JSON array", type: "application/json", body: () => '["a@b.co"]' },
  { name: "plain text", type: "text/plain", body: () => "email=a@b.co" },
  { name: "XML", type: "application/xml", body: () => "<email>a@b.co</email>" },
  { name: "no content type", body: () => new Blob(["\u0000\u0001garbage"]) },
  {
    name: "invalid UTF-8 form",
    type: "application/x-www-form-urlencoded",
    // Each field that must be valid, as bytes that are not UTF-8.
    body: (t) =>
      new Blob(
        Object.keys(t.invalid).flatMap((k, i) => [
          `${i ? "&" : ""}${k}=`,
          new Uint8Array([0xff, 0xfe, 0xc3]),
        ]),
      ),
  },
  {
    name: "invalid UTF-8 behind form escapes",
    type: "application/x-www-form-urlencoded",
    // Escapes of bytes that are not UTF-8 (an escaped lone surrogate among them).
    body: (t) =>
      Object.keys(t.invalid)
        .map((k, i) => `${k}=${i % 2 ? "%ED%A0%80" : "caf%C3%28"}`)
        .join("&"),
  },
  {
    name: "invalid UTF-8 JSON",
    type: "application/json",
    body: (t) =>
      new Blob([
        JSON.stringify(t.base).replace(/}$/, Object.keys(t.base).length ? ',"x":"' : '"x":"'),
        new Uint8Array([0xff, 0xfe, 0xc3]),
        '"}',
      ]),
  },
  {
    name: "invalid UTF-8 multipart text field",
    type: "multipart/form-data; boundary=zzz",
    body: (t) =>
      new Blob([
        ...Object.keys(t.invalid).flatMap((k) => [
          `--zzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`,
          new Uint8Array([0xff, 0xfe, 0xc3]),
          "\r\n",
        ]),
        "--zzz--\r\n",
      ]),
  },
  {
    name: "broken multipart",
    type: "multipart/form-data; boundary=zzz",
    body: () => "--zzz\r\nContent-Disposition: form-data; name=",
  },
  {
    name: "2 MB form field",
    type: "application/x-www-form-urlencoded",
    body: () => `email=${"a".repeat(2_000_000)}`,
  },
];

describe("broken bodies: a 4xx with a message, nothing written", () => {
  const posts = [...new Map(TARGETS.map((t) => [`${t.method} ${t.path} ${t.who}`, t])).values()];
  for (const broken of BROKEN_BODIES) {
    it(broken.name, async () => {
      for (const t of posts) {
        await unchanged(`${broken.name} to ${t.path}`, async () => {
          const res = await send(t.method, t.path, { who: t.who, type: broken.type, body: broken.body(t) });
          expectClientError(res, `${broken.name} to ${t.name}`, t.says);
        });
      }
    });
  }
});

/** Percent-encodes like a browser, except that lone surrogates become invalid UTF-8 escapes. */
function encodeHostile(v: string) {
  return v
    .split(/([\uD800-\uDFFF])/u)
    .map((part) => (/^[\uD800-\uDFFF]$/u.test(part) ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");
}

describe("hostile URLs: never a 5xx; unknown things are 4xx", () => {
  const encoded = hostileString.filter((v) => v !== "").map(encodeHostile);
  const urlCases: Array<{ name: string; who: Who; url: fc.Arbitrary<string>; clientError: boolean }> = [
    {
      name: "market history symbol",
      who: "anonymous",
      url: encoded.map((v) => `/api/market/${v}/history`),
      clientError: true,
    },
    {
      name: "market history range",
      who: "anonymous",
      url: encoded.map((v) => `/api/market/BTC/history?range=${v}`),
      clientError: true,
    },
    {
      name: "conversation id (GET)",
      who: "user",
      url: encoded.map((v) => `/api/chat/conversations/${v}`),
      clientError: true,
    },
    {
      name: "campaign id",
      who: "admin",
      url: encoded.map((v) => `/api/admin/newsletter/campaigns?id=${v}`),
      clientError: true,
    },
    {
      name: "unsubscribe token",
      who: "anonymous",
      url: encoded.map((v) => `/newsletter/unsubscribe?token=${v}`),
      clientError: true,
    },
    {
      name: "article slug",
      who: "anonymous",
      url: encoded.map((v) => `/news/article/${v}`),
      clientError: true,
    },
    {
      name: "broker slug",
      who: "anonymous",
      url: encoded.map((v) => `/brokers/analysis/${v}`),
      clientError: true,
    },
    {
      name: "company statistics symbol",
      who: "anonymous",
      url: encoded.map((v) => `/api/instruments/${v}`),
      clientError: true,
    },
    {
      name: "instruments exchange",
      who: "anonymous",
      url: encoded.map((v) => `/api/instruments?exchange=${v}`),
      clientError: true,
    },
    {
      name: "instruments query and limit",
      who: "anonymous",
      url: fc.tuple(encoded, encoded).map(([q, l]) => `/api/instruments?q=${q}&limit=${l}`),
      clientError: false,
    },
    {
      name: "alert delivery log id",
      who: "user",
      url: encoded.map((v) => `/api/alerts/${v}/deliveries`),
      clientError: true,
    },
    {
      name: "price alerts history filter",
      who: "user",
      url: encoded.map((v) => `/price-alerts?tab=history&alert=${v}`),
      clientError: false,
    },
    {
      name: "watchlists page list and symbols",
      who: "user",
      url: fc.tuple(encoded, encoded).map(([l, sy]) => `/watchlists?list=${l}&symbols=${sy}`),
      clientError: false,
    },
    {
      name: "market page symbol",
      who: "anonymous",
      url: encoded.map((v) => `/markets/${v}`),
      clientError: true,
    },
    {
      name: "search",
      who: "anonymous",
      url: fc.tuple(encoded, encoded).map(([q, l]) => `/search?q=${q}&limit=${l}`),
      clientError: false,
    },
    {
      name: "calendar API",
      who: "anonymous",
      url: fc
        .tuple(encoded, encoded, encoded, encoded)
        .map(([f, t, c, i]) => `/api/calendar?from=${f}&to=${t}&country=${c}&importance=${i}`),
      clientError: false,
    },
    {
      name: "calendar API with a bad day",
      who: "anonymous",
      url: encoded.map((v) => `/api/calendar?from=x${v}`),
      clientError: true,
    },
    {
      name: "calendar event page id",
      who: "anonymous",
      url: encoded.map((v) => `/calendar/${v}`),
      clientError: true,
    },
    {
      name: "calendar.ics",
      who: "anonymous",
      url: fc
        .tuple(encoded, encoded, encoded)
        .map(([c, i, d]) => `/calendar.ics?country=${c}&importance=${i}&days=${d}`),
      clientError: false,
    },
    ...(["/screener", "/api/screener", "/screener.csv"] as const).map((path) => ({
      name: `${path} with a bad filter, sort or unknown field`,
      who: "anonymous" as const,
      url: fc
        .tuple(
          encoded,
          fc.constantFrom(
            ...["exchange", "sort", "order", "limit", "priceMin", "volumeMax", "sector", "x"],
            ...["shariah", "yieldMin", "yieldMax"],
          ),
        )
        .map(([v, key]) => `${path}?${key}=x${v}`),
      clientError: true,
    })),
    ...(["/markets", "/api/markets/overview"] as const).map((path) => ({
      name: `${path} with an unknown market`,
      who: "anonymous" as const,
      url: encoded.map((v) => `${path}?market=x${v}`),
      clientError: true,
    })),
    ...(["/markets", "/api/markets/heatmap"] as const).map((path) => ({
      name: `${path} with an unknown heatmap period or market`,
      who: "anonymous" as const,
      url: fc.tuple(encoded, fc.constantFrom("period", "market")).map(([v, key]) => `${path}?${key}=x${v}`),
      clientError: true,
    })),
    ...(["/dividends", "/api/dividends", "/dividends.ics"] as const).map((path) => ({
      name: `${path} with an unknown exchange or sector`,
      who: "anonymous" as const,
      url: fc
        .tuple(encoded, encoded)
        .map(([e, sec]) => (sec.length % 2 ? `${path}?exchange=x${e}` : `${path}?sector=x${sec}`)),
      clientError: true,
    })),
    {
      name: "news analytics query",
      who: "anonymous",
      url: fc.tuple(encoded, encoded).map(([t, d]) => `/news-analytics?tab=${t}&days=${d}`),
      clientError: false,
    },
    {
      name: "admin tabs",
      who: "admin",
      url: fc
        .tuple(encoded, encoded, encoded)
        .map(([t, q, p]) => `/admin?tab=${t}&q=${q}&page=${p}&mail=${q}&status=${p}`),
      clientError: false,
    },
    {
      name: "raw path",
      who: "anonymous",
      url: fc.constantFrom("/%E0%A4%A", "/%", "/..%2f..%2fetc%2fpasswd", "/news/article/%00", "/%uD800"),
      clientError: true,
    },
  ];
  for (const c of urlCases) {
    it(c.name, async () => {
      await fc.assert(
        fc.asyncProperty(c.url, async (url) => {
          await unchanged(c.name, async () => {
            const res = await send("GET", url, { who: c.who });
            expectNoServerError(res, `GET ${url}`);
            if (c.clientError) expect(res.status, `GET ${url}`).toBeGreaterThanOrEqual(400);
          });
        }),
        { numRuns: NUM_RUNS },
      );
    });
  }
  it("the instruments and calendar APIs answer bad queries with the shared failure shape", async () => {
    const instruments = await send("GET", "/api/instruments?limit=500");
    expect(instruments.status).toBe(400);
    expect(JSON.parse(instruments.text)).toEqual({ ok: false, error: "limit: at most 50" });
    const twice = await send("GET", "/api/instruments?exchange=DFM&exchange=ADX");
    expect(twice.status).toBe(400);
    expect(JSON.parse(twice.text)).toEqual({ ok: false, error: "exchange: give it once" });
    const market = await send("GET", "/api/markets/overview?market=NYSE");
    expect(market.status).toBe(400);
    expect(JSON.parse(market.text)).toEqual({
      ok: false,
      error:
        "Unknown market: use one of GCC, TADAWUL, NOMU, DFM, ADX, QSE, BOURSA_KUWAIT, BAHRAIN, MSX, ASE.",
    });
    const period = await send("GET", "/api/markets/heatmap?period=2Y");
    expect(period.status).toBe(400);
    expect(JSON.parse(period.text)).toEqual({
      ok: false,
      error: "period: Unknown period: use one of 1D, 1W, 1M, YTD.",
    });
    const screen = await send("GET", "/api/screener?changePercentMin=two");
    expect(screen.status).toBe(400);
    expect(JSON.parse(screen.text)).toEqual({ ok: false, error: "changePercentMin: a number" });
    const shariah = await send("GET", "/api/screener?shariah=halal");
    expect(shariah.status).toBe(400);
    expect(JSON.parse(shariah.text)).toEqual({
      ok: false,
      error: "shariah: one of compliant, noncompliant, mixed, unrated",
    });
    const yieldMin = await send("GET", "/api/screener?yieldMin=high");
    expect(yieldMin.status).toBe(400);
    expect(JSON.parse(yieldMin.text)).toEqual({ ok: false, error: "yieldMin: a percentage from 0 to 100" });
    const yieldCsv = await send("GET", "/screener.csv?yieldMin=4&yieldMax=2");
    expect(yieldCsv.status).toBe(400);
    expect(yieldCsv.text).toBe("yieldMin: at most yieldMax");
    const sector = await send("GET", "/api/screener?sector=Nothing");
    expect(JSON.parse(sector.text)).toEqual({ ok: false, error: "sector: unknown sector" });
    const calendar = await send("GET", "/api/calendar?from=nope");
    expect(calendar.status).toBe(400);
    expect(JSON.parse(calendar.text)).toMatchObject({ ok: false, fields: { from: expect.any(String) } });
  });

  it("/metrics from outside with hostile Authorization headers: 401, never the metrics", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileString,
          hostileString.map((v) => `Bearer ${v}`),
        ),
        async (v) => {
          const res = await fetch(`${app.url}/metrics`, {
            headers: {
              "x-forwarded-for": "203.0.113.7",
              authorization: v.replace(/[^\x20-\x7e]/g, "").trim(),
            },
          });
          const text = await res.text();
          // 431: a header too large for the server is refused before any route.
          expect([401, 431], `Authorization: ${JSON.stringify(v).slice(0, 80)}`).toContain(res.status);
          expect(text).not.toContain("gulfpulse_");
          expectNoLeak({ status: res.status, type: "", text }, "/metrics");
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
  it("sign-in throttling with hostile emails: never a 5xx, and no other account is locked", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileString, invalidEmail), async (email) => {
        for (const path of [
          "/api/auth/sign-in/email",
          "/api/auth/sign-up/email",
          "/api/auth/request-password-reset",
        ]) {
          const res = await send("POST", path, {
            type: "application/json",
            body: JSON.stringify({
              email,
              password: "wrong-password",
              name: "Ann",
              redirectTo: "/auth/reset-password",
            }),
          });
          expectNoServerError(res, `${path} ${JSON.stringify(email).slice(0, 60)}`);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    const res = await send("POST", "/api/auth/sign-in/email", {
      type: "application/json",
      body: JSON.stringify({ email: "user@example.com", password: "secret123" }),
    });
    expect(res.status).toBe(200);
  });
  it("POST /api/chat past the site's own limit: 429 naming our limit, with Retry-After", async () => {
    const ip = "192.0.2.77";
    const post = () =>
      fetch(`${app.url}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ message: "hi" }),
      });
    for (let i = 0; i < s.config.CHAT_RATE_LIMIT_PER_IP; i++) {
      const res = await post();
      expect(res.status).toBe(200);
      await res.text();
    }
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited:chat");
    expect(body.error.message).toMatch(/GulfPulse's own chat limit.*Try again in \d+ s\./);
  });
  it("one-click unsubscribe and conversation delete with hostile ids", async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (v) => {
        await unchanged("ids", async () => {
          const one = await send("POST", `/api/newsletter/unsubscribe?token=${encodeHostile(v)}`, {
            type: "application/x-www-form-urlencoded",
            body: "List-Unsubscribe=One-Click",
          });
          expect(one.status).toBeGreaterThanOrEqual(400);
          expect(one.status).toBeLessThan(500);
          expectNoLeak(one, "one-click");
          const del = await send("DELETE", `/api/chat/conversations/${encodeHostile(v) || "%20"}`, {
            who: "user",
          });
          expectClientError(del, "delete conversation");
        });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

/**
 * Free-text fields of otherwise valid submissions: hostile text may be accepted (and stored as
 * text) or refused with a 4xx, but never breaks the request.
 */
describe("hostile text in valid submissions: stored or refused, never a 5xx", () => {
  let n = 0;
  const uniqueEmail = () => `fuzz-${Date.now()}-${n++}@example.com`;
  const cases: Array<{
    name: string;
    path: string;
    who: Who;
    encoding: "form" | "json";
    fields: (text: string) => Record<string, unknown>;
  }> = [
    {
      name: "contact message",
      path: "/contact.data",
      who: "anonymous",
      encoding: "form",
      fields: (text) => ({ name: text, email: uniqueEmail(), subject: "general", message: text }),
    },
    {
      name: "newsletter name",
      path: "/api/newsletter/subscribe",
      who: "anonymous",
      encoding: "form",
      fields: (text) => ({ source: "community", fullName: text, email: uniqueEmail() }),
    },
    {
      name: "sign-up name (form)",
      path: "/auth.data",
      who: "anonymous",
      encoding: "form",
      fields: (text) => ({ intent: "signup", fullName: text, email: uniqueEmail(), password: "secret123" }),
    },
    {
      name: "sign-up name (Better Auth)",
      path: "/api/auth/sign-up/email",
      who: "anonymous",
      encoding: "json",
      fields: (text) => ({ name: text, email: uniqueEmail(), password: "secret123" }),
    },
    {
      name: "chat message (signed in, saved)",
      path: "/api/chat",
      who: "user",
      encoding: "json",
      fields: (text) => ({ message: `${text} BTC` }),
    },
    {
      name: "admin article title",
      path: "/admin.data",
      who: "admin",
      encoding: "form",
      fields: (text) => ({
        intent: "saveContent",
        entity: "articles",
        section: "economic",
        title: text,
        bodyMarkdown: text,
      }),
    },
    {
      name: "admin site tagline",
      path: "/admin.data",
      who: "admin",
      encoding: "form",
      fields: (text) => ({ intent: "saveSite", siteName: "GulfPulse", tagline: text }),
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      await fc.assert(
        fc.asyncProperty(hostileString, async (text) => {
          const fields = c.fields(text);
          const body =
            c.encoding === "json"
              ? JSON.stringify(fields)
              : form(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));
          const type = c.encoding === "json" ? "application/json" : "application/x-www-form-urlencoded";
          expectNoServerError(await send("POST", c.path, { who: c.who, type, body }), c.name);
        }),
        { numRuns: NUM_RUNS },
      );
    });
  }
});

describe("NUL characters (PostgreSQL text cannot hold them)", () => {
  it("the auth library's JSON endpoints refuse them with its own error shape", async () => {
    for (const [path, body] of [
      ["/api/auth/reset-password", { token: "\u0000\uD800", newPassword: "secret123" }],
      ["/api/auth/sign-up/email", { name: "a\u0000b", email: "nul@example.com", password: "secret123" }],
      ["/api/auth/request-password-reset", { email: "user@example.com", redirectTo: "/a\u0000" }],
    ] as const) {
      await unchanged(path, async () => {
        const res = await send("POST", path, { type: "application/json", body: JSON.stringify(body) });
        expect(res.status, path).toBe(400);
        expect(JSON.parse(res.text)).toEqual({
          message: "Text must not contain NUL characters.",
          code: "BAD_REQUEST",
        });
      });
    }
  });

  it("a signed-in chat message keeps its text without them", async () => {
    const res = await send("POST", "/api/chat", {
      who: "user",
      type: "application/json",
      body: JSON.stringify({ message: "gold\u0000 price" }),
    });
    expect(res.status).toBe(200);
    const rows = await s.database.query<{ content: string }>(
      "select content from chat_messages where role = 'user' order by created_at desc limit 1",
    );
    expect(rows[0]?.content).toBe("gold price");
  });
});

/** The user's own portfolio every portfolio target aims at (made below, with a fixed id). */
function fuzzPortfolioId() {
  return "00000000-0000-4000-8000-00000000f0f0";
}

beforeAll(async () => {
  const [owner] = await s.db.select().from(user).where(eq(user.email, "user@example.com"));
  await s.db
    .insert(portfolios)
    .values({ id: fuzzPortfolioId(), userId: owner!.id, name: "Fuzz", baseCurrency: "SAR" });
});

/** The portfolio endpoints: a bad body is a 400 naming its field, another reader's portfolio a 404; nothing written. */
function portfolioTargets(): Target[] {
  /** Never a portfolio's base currency, whatever its case or spaces. */
  const notACurrency = hostileString.filter(
    (v) => !(BASE_CURRENCIES as readonly string[]).includes(v.trim().toUpperCase()),
  );
  const notAType = hostileString.filter(
    (v) => !(ACTIVITY_TYPES as readonly string[]).includes(v.trim().toLowerCase()),
  );
  const notAName = fc.oneof(
    longString,
    fc.constantFrom("", "   "),
    hostileJson.filter((v) => typeof v !== "string"),
  );
  const json = { who: "user", encoding: "json" } as const;
  const own = `/api/portfolios/${fuzzPortfolioId()}`;
  const buy = { type: "buy", date: "2024-01-02", symbol: "2222", quantity: 1, unitPrice: 25 };
  return [
    {
      ...json,
      name: "portfolio create",
      method: "POST",
      path: "/api/portfolios",
      base: { name: "P", baseCurrency: "SAR" },
      invalid: { name: notAName, baseCurrency: notACurrency },
    },
    {
      ...json,
      name: "portfolio change",
      method: "PATCH",
      path: own,
      base: { name: "P" },
      invalid: { name: notAName, baseCurrency: notACurrency },
    },
    {
      ...json,
      name: "portfolio activity add",
      method: "POST",
      path: `${own}/activities`,
      base: buy,
      invalid: {
        type: notAType,
        date: fc.constantFrom("2024-02-30", "tomorrow", "", "2999-01-01", "02/01/2024"),
        symbol: fc.constantFrom("", "NO-SUCH-CO", "<script>"),
        quantity: fc.constantFrom(0, -1, "abc", "1e999", ""),
        unitPrice: fc.constantFrom(0, -25, "x", ""),
      },
    },
    {
      ...json,
      name: "portfolio activity change (not the user's)",
      method: "PATCH",
      path: `${own}/activities/00000000-0000-4000-8000-000000000000`,
      base: buy,
      invalid: { quantity: fc.constantFrom(0, -1, "abc"), type: notAType },
    },
    {
      ...json,
      name: "portfolio import",
      method: "POST",
      path: `${own}/import`,
      base: {
        format: "csv",
        content: "date,type,currency,amount\n2024-01-03,deposit,SAR,50\n",
        dryRun: false,
      },
      invalid: { format: hostileString.filter((v) => v !== "csv" && v !== "ghostfolio") },
    },
    {
      ...json,
      name: "portfolio alert add",
      method: "POST",
      path: `${own}/alerts`,
      base: { kind: "day-move", threshold: 5 },
      invalid: {
        kind: hostileString.filter((v) => v !== "day-move" && v !== "weight"),
        threshold: fc.constantFrom(0, -5, 101, "abc", ""),
      },
    },
    {
      ...json,
      name: "portfolio dividend accept (nothing proposed)",
      method: "POST",
      path: `${own}/dividend-proposals/accept`,
      base: { symbol: "2222", exDate: "2024-01-01" },
      invalid: { symbol: hostileString, exDate: hostileString },
    },
    {
      ...json,
      name: "portfolio change (not the user's)",
      method: "PATCH",
      path: "/api/portfolios/00000000-0000-4000-8000-000000000000",
      base: { name: "P" },
      invalid: { name: notAName },
    },
  ];
}
