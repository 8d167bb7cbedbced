/**
 * Access matrix: every endpoint × anonymous / user (the owner of the rows) / other user / admin,
 * through the real Express app. No cross-user read or write of alerts, notifications, chat
 * conversations or sessions; no admin action by a non-admin; refused calls change no table.
 * Every response is also checked for the security headers (server/testing/security-headers.ts).
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { grantAdmin } from "../auth/roles";
import type { CalendarFeature } from "../calendar/service";
import {
  alertNotifications,
  alertTriggers,
  chatConversations,
  chatMessages,
  pushSubscriptions,
  webhookEndpoints,
} from "../db/schema";
import { createBrowserSubscription } from "../push/testing/push-client";
import type { Services } from "../services";
import { BODY_ENCODINGS, type BodyEncoding, encodeBody } from "../testing/body-encodings";
import { fingerprintTables, signInCookie, signUpVerified } from "../testing/fixtures";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { expectSecurityHeaders } from "../testing/security-headers";
import { createTestServices } from "../testing/test-services";

type Role = "anonymous" | "user" | "other" | "admin";
const ROLES: Role[] = ["anonymous", "other", "admin", "user"]; // the owner last: it may delete

let s: Services;
let app: TestHttpApp;
const cookies: Record<Role, string> = { anonymous: "", user: "", other: "", admin: "" };
const ids = { owner: "", other: "", admin: "", victim: "" };

interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

/** When set, `send` sends its body in this encoding instead (the matrix's pass over encodings). */
let encodingPass: BodyEncoding | null = null;

async function send(who: Role, method: string, path: string, body?: unknown): Promise<Sent> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (cookies[who]) headers.cookie = cookies[who];
  let payload: BodyInit | undefined;
  if (body !== undefined && encodingPass) {
    const fields =
      body instanceof URLSearchParams
        ? Object.fromEntries([...body.keys()].map((k) => [k, body.getAll(k)]))
        : (body as Record<string, unknown>);
    const encoded = encodeBody(fields, encodingPass);
    if (encoded.type) headers["content-type"] = encoded.type;
    payload = encoded.body;
  } else if (body instanceof URLSearchParams) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = body;
  } else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(app.url + path, { method, headers, body: payload, redirect: "manual" });
  const sent = { status: res.status, headers: res.headers, text: await res.text() };
  expectSecurityHeaders(sent, `${who} ${method} ${path}`);
  return sent;
}

/** The owner's private rows, made fresh for rows whose owner call deletes them. */
async function ownerRows() {
  // Each row works on rows made for it: the owner's earlier alerts go first, so the matrix never
  // meets the 100-alert limit however many endpoints it lists.
  for (const old of await s.alerts.list(ids.owner)) await s.alerts.remove(ids.owner, old.id);
  const alert = await s.alerts.create(ids.owner, {
    symbol: "BTC",
    alertType: "above",
    targetValue: 1_000_000_000,
    notifyEmail: false,
  });
  const [notification] = await s.db
    .insert(alertNotifications)
    .values({ userId: ids.owner, alertId: alert.id, title: "BTC", message: "owner-secret-notification" })
    .returning();
  await s.db
    .insert(alertTriggers)
    .values({ userId: ids.owner, alertId: alert.id, title: "BTC", message: "owner-secret-trigger" });
  const [conversation] = await s.db
    .insert(chatConversations)
    .values({ userId: ids.owner, title: "owner-secret-conversation" })
    .returning();
  await s.db.insert(chatMessages).values({
    conversationId: conversation!.id,
    userId: ids.owner,
    role: "user",
    content: "owner-secret-message",
  });
  return { alertId: alert.id, notificationId: notification!.id, conversationId: conversation!.id };
}
type Rows = Awaited<ReturnType<typeof ownerRows>>;

beforeAll(async () => {
  // /metrics as a deployment behind a proxy sees it: only the scraper's token (or its address).
  s = await createTestServices({ METRICS_TOKEN: METRICS_TOKEN, METRICS_ALLOW: "10.255.255.1" });
  app = await startTestHttpApp(s);
  ids.owner = await signUpVerified(s, "owner@example.com", "Owner");
  ids.other = await signUpVerified(s, "other@example.com", "Other");
  ids.admin = await signUpVerified(s, "admin@example.com", "Admin");
  ids.victim = await signUpVerified(s, "victim@example.com", "Victim");
  await grantAdmin(s.db, ids.admin);
  cookies.user = await signInCookie(s, "owner@example.com");
  cookies.other = await signInCookie(s, "other@example.com");
  cookies.admin = await signInCookie(s, "admin@example.com");
}, 90_000);
afterAll(async () => {
  await app?.close();
  await s?.close();
});

/** What a role must get: a status, a redirect target, or a check of its own. */
type Outcome = number | { redirect: string } | ((res: Sent, rows: Rows) => void);
interface Row {
  /** Method and route pattern, as in app/routes.ts (for the coverage check). */
  name: string;
  call: (who: Role, rows: Rows) => Promise<Sent>;
  expect: Record<Role, Outcome>;
  /** The call writes when it succeeds: refused roles must leave every table as it was. */
  writes?: boolean;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
/** A future calendar event of the shipped schedule (stored on first use). */
let eventId: string | undefined;
async function calendarEventId() {
  if (!eventId) {
    const calendar = s.calendar as unknown as CalendarFeature;
    await calendar.ensureSchedule();
    eventId = (await calendar.upcoming({ days: 60 })).find(
      (e) => e.startsAt.getTime() > Date.now() + 86_400_000,
    )!.id;
  }
  return eventId;
}
const json = (res: Sent) => JSON.parse(res.text);
/** The owner's webhook endpoint (made again after the owner's DELETE row removed it). */
async function ownerWebhookId() {
  const [row] = await s.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, ids.owner));
  if (row) return row.id;
  const [made] = await s.db
    .insert(webhookEndpoints)
    .values({ userId: ids.owner, url: "https://hooks.example.com/owner-secret-hook", isDefault: true })
    .returning();
  return made!.id;
}
/** The owner's push device; its address refuses connections at once (nothing listens on port 9). */
async function ownerDeviceId() {
  const [row] = await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ids.owner));
  if (row) return row.id;
  const browser = createBrowserSubscription(`http://127.0.0.1:9/owner-secret-device/${crypto.randomUUID()}`);
  const [made] = await s.db
    .insert(pushSubscriptions)
    .values({ userId: ids.owner, endpoint: browser.endpoint, ...browser.keys, device: "owner-secret-device" })
    .returning();
  return made!.id;
}
const lacksOwnerDevice = (res: Sent) => {
  expect(res.status).toBe(200);
  expect(res.text).not.toContain("owner-secret-device");
};
/** The owner's watchlist (made again after the owner's delete), with BTC on it. */
/** An upcoming distribution an editor entered (stored on first use). */
let actionId = "";
async function upcomingActionId() {
  if (!actionId) {
    await s.dividends.store("editor", [
      { symbol: "2222", kind: "dividend", exDate: "2031-03-02", amount: 0.4, currency: "SAR" },
    ]);
    actionId = (await s.dividends.history("2222")).find((a) => a.exDate === "2031-03-02")!.id;
  }
  return actionId;
}

async function ownerWatchlistId() {
  const lists = await s.watchlists.list(ids.owner);
  const list =
    lists.find((l) => l.name === "owner-secret-list") ??
    (await s.watchlists.create(ids.owner, "owner-secret-list"));
  if (!lists.find((l) => l.id === list.id)?.items.some((i) => i.symbol === "BTC")) {
    await s.watchlists.addItem(ids.owner, list.id, "BTC");
  }
  return list.id;
}
async function resetOwnerList() {
  const id = await ownerWatchlistId();
  for (const { symbol } of (await s.watchlists.get(ids.owner, id)).items) {
    if (symbol !== "BTC") await s.watchlists.removeItem(ids.owner, id, symbol);
  }
}
const lacksOwnerWatchlist = (res: Sent) => {
  expect(res.status).toBe(200);
  expect(res.text).not.toContain("owner-secret-list");
};
/** POST /api/watchlists with an intent on the owner's list. */
const onOwnerList = async (who: Role, fields: Record<string, string>) =>
  send(who, "POST", "/api/watchlists", form({ ...fields, id: await ownerWatchlistId() }));
const lacksOwnerWebhook = (res: Sent) => {
  expect(res.status).toBe(200);
  expect(res.text).not.toContain("owner-secret-hook");
};
/** The owner's saved screen (made again after the owner's DELETE row removed it). */
async function ownerScreenId() {
  const mine = await s.screens.list(ids.owner);
  const found = mine.find((x) => x.name === "owner-secret-screen");
  if (found) return found.id;
  const made = await s.screens.create(ids.owner, {
    name: "owner-secret-screen",
    query: "exchange=DFM",
    alerts: true,
    notifyEmail: false,
  });
  return made.id;
}
const lacksOwnerScreen = (res: Sent) => {
  expect(res.status).toBe(200);
  expect(res.text).not.toContain("owner-secret-screen");
};
const same = (o: Outcome): Record<Role, Outcome> => ({ anonymous: o, user: o, other: o, admin: o });
const HOME = { redirect: "/" };
const lacksOwnerData = (res: Sent, rows: Rows) => {
  expect(res.status).toBe(200);
  for (const secret of [rows.alertId, rows.notificationId, rows.conversationId, "owner-secret"]) {
    expect(res.text).not.toContain(secret);
  }
};
const adminOnly = (admin: Outcome, refused: Outcome): Record<Role, Outcome> => ({
  anonymous: refused,
  user: refused,
  other: refused,
  admin,
});

const MATRIX: Row[] = [
  // ---- the owner's rows ----
  {
    name: "GET price-alerts",
    call: (who) => send(who, "GET", "/price-alerts"),
    expect: {
      anonymous: lacksOwnerData,
      other: lacksOwnerData,
      admin: lacksOwnerData,
      user: (res, rows) => {
        expect(res.status).toBe(200);
        expect(res.text).toContain(rows.alertId);
      },
    },
  },
  {
    name: "GET price-alerts, notifications tab",
    call: (who) => send(who, "GET", "/price-alerts?tab=notifications"),
    expect: {
      anonymous: lacksOwnerData,
      other: lacksOwnerData,
      admin: lacksOwnerData,
      user: (res) => {
        expect(res.status).toBe(200);
        expect(res.text).toContain("owner-secret-notification");
      },
    },
  },
  {
    // The language switch saves a signed-in user's choice; a visitor has nothing to save. ("en":
    // a saved "ar" would send the owner's later page GETs to /ar, the remembered choice.)
    name: "POST api/locale",
    writes: true,
    call: (who) => send(who, "POST", "/api/locale", form({ lang: "en" })),
    expect: { anonymous: 401, user: 200, other: 200, admin: 200 },
  },
  {
    name: "GET api/notifications",
    call: (who) => send(who, "GET", "/api/notifications"),
    expect: {
      anonymous: (res) => expect(json(res)).toEqual({ unread: 0 }),
      other: (res) => expect(json(res)).toEqual({ unread: 0 }),
      admin: (res) => expect(json(res)).toEqual({ unread: 0 }),
      user: (res) => expect(json(res).unread).toBeGreaterThan(0),
    },
  },
  {
    name: "POST price-alerts intent=create",
    writes: true,
    call: (who) =>
      send(
        who,
        "POST",
        "/price-alerts.data",
        form({ intent: "create", symbol: "TASI", alertType: "above", targetValue: "1" }),
      ),
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  {
    name: "POST price-alerts intent=toggle",
    writes: true,
    call: (who, rows) =>
      send(who, "POST", "/price-alerts.data", form({ intent: "toggle", id: rows.alertId, active: "false" })),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "POST price-alerts intent=update",
    writes: true,
    call: (who, rows) =>
      send(
        who,
        "POST",
        "/price-alerts.data",
        form({
          intent: "update",
          id: rows.alertId,
          symbol: "BTC",
          alertType: "crossing_up",
          targetValue: "2",
        }),
      ),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "POST price-alerts intent=duplicate",
    writes: true,
    call: (who, rows) =>
      send(who, "POST", "/price-alerts.data", form({ intent: "duplicate", id: rows.alertId })),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "GET price-alerts?tab=history&alert= (only the owner sees the alert's triggers)",
    call: async (who, rows) => {
      const res = await send(who, "GET", `/price-alerts.data?tab=history&alert=${rows.alertId}`);
      expect(res.text.includes("owner-secret-trigger"), `${who} sees the owner's history`).toBe(
        who === "user",
      );
      return res;
    },
    expect: { anonymous: 200, other: 200, admin: 200, user: 200 },
  },
  {
    name: "POST price-alerts intent=delete",
    writes: true,
    call: (who, rows) =>
      send(who, "POST", "/price-alerts.data", form({ intent: "delete", id: rows.alertId })),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "POST price-alerts intent=read",
    writes: true,
    call: (who, rows) =>
      send(who, "POST", "/price-alerts.data", form({ intent: "read", id: rows.notificationId })),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "POST price-alerts intent=read-all",
    call: async (who, rows) => {
      const res = await send(who, "POST", "/price-alerts.data", form({ intent: "read-all" }));
      const mine = await s.db.select().from(alertNotifications);
      const owners = mine.find((n) => n.id === rows.notificationId)!;
      // Only the owner's own read-all may mark the owner's notification.
      expect(owners.isRead, `${who}'s read-all`).toBe(who === "user");
      return res;
    },
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  {
    name: "GET api/chat/conversations",
    call: (who) => send(who, "GET", "/api/chat/conversations"),
    expect: {
      anonymous: 401,
      other: lacksOwnerData,
      admin: lacksOwnerData,
      user: (res, rows) => expect(res.text).toContain(rows.conversationId),
    },
  },
  {
    name: "GET api/chat/conversations/:id",
    call: (who, rows) => send(who, "GET", `/api/chat/conversations/${rows.conversationId}`),
    expect: {
      anonymous: 401,
      other: 404,
      admin: 404,
      user: (res) => expect(res.text).toContain("owner-secret-message"),
    },
  },
  {
    name: "DELETE api/chat/conversations/:id",
    writes: true,
    call: (who, rows) => send(who, "DELETE", `/api/chat/conversations/${rows.conversationId}`),
    expect: { anonymous: 401, other: 404, admin: 404, user: 204 },
  },
  {
    name: "GET watchlists",
    call: async (who) => {
      await ownerWatchlistId();
      return send(who, "GET", "/watchlists");
    },
    expect: {
      anonymous: lacksOwnerWatchlist,
      other: lacksOwnerWatchlist,
      admin: lacksOwnerWatchlist,
      user: (res) => expect(res.text).toContain("owner-secret-list"),
    },
  },
  {
    name: "GET api/watchlists",
    call: async (who) => {
      await ownerWatchlistId();
      return send(who, "GET", "/api/watchlists");
    },
    expect: {
      anonymous: 401,
      other: lacksOwnerWatchlist,
      admin: lacksOwnerWatchlist,
      user: (res) => expect(res.text).toContain("owner-secret-list"),
    },
  },
  {
    name: "POST api/watchlists intent=create",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/watchlists", form({ intent: "create", name: `${who} list`, symbol: "TASI" })),
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  {
    name: "POST api/watchlists intent=merge",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/watchlists", form({ intent: "merge", symbols: "GOLD", lang: "en" })),
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  ...(
    [
      ["rename", { name: "owner-secret-list" }],
      ["add", { symbol: "TASI" }],
      ["reorder-items", { symbols: "BTC" }],
      ["alert", { kind: "move_window", percent: "5", windowMinutes: "60" }],
      ["clear-alert", {}],
      ["remove", { symbol: "BTC" }],
      ["delete", {}],
    ] as const
  ).map(
    ([intent, fields]): Row => ({
      name: `POST api/watchlists intent=${intent} on the owner's list`,
      writes: true,
      call: async (who) => {
        const res = await onOwnerList(who, { intent, ...fields });
        // The owner (the last role) changed the list: the next row meets it as before, BTC alone.
        if (who === "user") await resetOwnerList();
        return res;
      },
      expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
    }),
  ),
  ...portfolioRows(),
  {
    name: "GET api/webhooks",
    call: async (who) => {
      await ownerWebhookId();
      return send(who, "GET", "/api/webhooks");
    },
    expect: {
      anonymous: 401,
      other: lacksOwnerWebhook,
      admin: lacksOwnerWebhook,
      user: (res) => expect(res.text).toContain("owner-secret-hook"),
    },
  },
  {
    name: "POST api/webhooks",
    writes: true,
    call: (who) => send(who, "POST", "/api/webhooks", { url: `https://hooks.example.com/${who}-added` }),
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  {
    name: "PATCH api/webhooks/:id",
    writes: true,
    call: async (who) =>
      send(who, "PATCH", `/api/webhooks/${await ownerWebhookId()}`, { label: `${who} label` }),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "POST api/webhooks/:id/test",
    writes: true,
    call: async (who) => send(who, "POST", `/api/webhooks/${await ownerWebhookId()}/test`),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "DELETE api/webhooks/:id",
    writes: true,
    call: async (who) => send(who, "DELETE", `/api/webhooks/${await ownerWebhookId()}`),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    // Each signed-in user sees (and may rotate) only their own signing secret.
    name: "GET api/webhooks/secret",
    call: (who) => send(who, "GET", "/api/webhooks/secret"),
    expect: {
      anonymous: 401,
      other: (res) => expect(json(res).secret).toMatch(/^whsec_/),
      admin: (res) => expect(json(res).secret).toMatch(/^whsec_/),
      user: (res) => expect(json(res).secret).toMatch(/^whsec_/),
    },
  },
  {
    name: "POST api/webhooks/secret",
    writes: true,
    call: (who) => send(who, "POST", "/api/webhooks/secret"),
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  {
    name: "GET account",
    call: async (who) => {
      await ownerDeviceId();
      return send(who, "GET", "/account");
    },
    expect: {
      anonymous: lacksOwnerDevice,
      other: lacksOwnerDevice,
      admin: lacksOwnerDevice,
      user: (res) => expect(res.text).toContain("owner-secret-device"),
    },
  },
  {
    name: "GET api/push/public-key",
    call: (who) => send(who, "GET", "/api/push/public-key"),
    expect: same((res) => expect(json(res).publicKey).toBe(s.push.publicKey)),
  },
  {
    name: "GET api/push/subscriptions",
    call: async (who) => {
      await ownerDeviceId();
      return send(who, "GET", "/api/push/subscriptions");
    },
    expect: {
      anonymous: 401,
      other: lacksOwnerDevice,
      admin: lacksOwnerDevice,
      user: (res) => expect(res.text).toContain("owner-secret-device"),
    },
  },
  {
    // Each signed-in user subscribes a browser of their own.
    name: "POST api/push/subscriptions",
    writes: true,
    call: (who) => {
      const browser = createBrowserSubscription(`http://127.0.0.1:9/${who}-device/${crypto.randomUUID()}`);
      return send(who, "POST", "/api/push/subscriptions", { endpoint: browser.endpoint, keys: browser.keys });
    },
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  {
    // The owner's device address without the owner's browser keys: never moved to another account.
    name: "POST api/push/subscriptions with the owner's endpoint",
    writes: true,
    call: async (who) => {
      const id = await ownerDeviceId();
      const [row] = await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      const browser = createBrowserSubscription(row!.endpoint);
      return send(who, "POST", "/api/push/subscriptions", { endpoint: browser.endpoint, keys: browser.keys });
    },
    expect: { anonymous: 401, other: 409, admin: 409, user: 200 },
  },
  {
    // A test push goes to the caller's own devices only (each has one from the row above).
    name: "POST api/push/test",
    writes: true,
    call: (who) => send(who, "POST", "/api/push/test", { lang: "en" }),
    expect: {
      anonymous: 401,
      other: (res) => expect(json(res)).toMatchObject({ ok: true, sent: 0, failed: 1 }),
      admin: (res) => expect(json(res)).toMatchObject({ ok: true, sent: 0, failed: 1 }),
      // The owner's two devices: the one above and owner-secret-device.
      user: (res) => expect(json(res)).toMatchObject({ ok: true, sent: 0, failed: 2 }),
    },
  },
  {
    name: "DELETE api/push/subscriptions",
    writes: true,
    call: async (who) => send(who, "DELETE", "/api/push/subscriptions", { id: await ownerDeviceId() }),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "GET api/alerts/:id/deliveries",
    call: (who, rows) => send(who, "GET", `/api/alerts/${rows.alertId}/deliveries`),
    expect: {
      anonymous: 401,
      other: 404,
      admin: 404,
      user: (res) => expect(json(res)).toEqual({ ok: true, deliveries: [] }),
    },
  },
  {
    name: "POST api/chat into the owner's conversation",
    writes: true,
    call: (who, rows) =>
      send(who, "POST", "/api/chat", { message: "Hello", conversationId: rows.conversationId }),
    // Anonymous chats are never saved, so the id is ignored and nothing is written.
    expect: { anonymous: 200, other: 404, admin: 404, user: 200 },
  },
  {
    name: "GET api/auth/* list-sessions",
    call: (who) => send(who, "GET", "/api/auth/list-sessions"),
    expect: {
      anonymous: 401,
      other: (res) => expect(json(res).map((x: { userId: string }) => x.userId)).toEqual([ids.other]),
      admin: (res) => expect(json(res).map((x: { userId: string }) => x.userId)).toEqual([ids.admin]),
      user: (res) => expect(json(res).map((x: { userId: string }) => x.userId)).toEqual([ids.owner]),
    },
  },
  {
    name: "POST api/auth/* revoke-session (the owner's token)",
    call: async (who) => {
      // A second session of the owner: the target, so the owner's main cookie stays valid.
      const second = await signInCookie(s, "owner@example.com");
      const token = decodeURIComponent(second.split("=")[1]!).split(".")[0]!;
      const res = await send(who, "POST", "/api/auth/revoke-session", { token });
      const still = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie: second } });
      const secondAlive = (await still.json())?.user?.id === ids.owner;
      expect(secondAlive, `the owner's session after ${who}'s revoke`).toBe(who !== "user");
      return res;
    },
    // Better Auth deletes a session only when it belongs to the caller.
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  // ---- admin only ----
  {
    name: "GET admin",
    call: (who) => send(who, "GET", "/admin?tab=users"),
    expect: adminOnly(200, HOME),
  },
  {
    name: "POST admin (intent)",
    writes: true,
    call: (who) => send(who, "POST", "/admin", form({ intent: "ban", userId: ids.victim })),
    expect: { ...adminOnly(200, HOME), admin: 200 },
  },
  {
    name: "GET admin/subscribers.csv",
    call: (who) => send(who, "GET", "/admin/subscribers.csv"),
    expect: adminOnly((res) => expect(res.headers.get("content-type")).toContain("text/csv"), HOME),
  },
  {
    name: "POST admin/preview",
    call: (who) => send(who, "POST", "/admin/preview", form({ markdown: "# Hi" })),
    expect: adminOnly((res) => expect(json(res).html).toContain("<h2>Hi</h2>"), HOME),
  },
  {
    name: "GET api/admin/newsletter/campaigns",
    call: (who) => send(who, "GET", "/api/admin/newsletter/campaigns"),
    expect: adminOnly(200, 403),
  },
  ...(["send", "welcome", "broker-selection"] as const).map(
    (name): Row => ({
      name: `POST api/admin/newsletter/${name}`,
      writes: true,
      call: (who) =>
        send(who, "POST", `/api/admin/newsletter/${name}`, {
          subject: "S",
          content: "C",
          isTest: true,
          testEmail: "test@example.com",
          email: "test@example.com",
        }),
      expect: adminOnly(200, 403),
    }),
  ),
  {
    name: "POST api/admin/mail/retry",
    writes: true,
    call: (who) => send(who, "POST", "/api/admin/mail/retry", {}),
    expect: adminOnly(200, 403),
  },
  // ---- public ----
  { name: "GET api/market", call: (who) => send(who, "GET", "/api/market"), expect: same(200) },
  {
    name: "GET api/instruments",
    call: (who) => send(who, "GET", "/api/instruments?q=2222&limit=5"),
    expect: same(200),
  },
  {
    name: "GET api/instruments/:symbol",
    call: (who) => send(who, "GET", "/api/instruments/2222"),
    expect: same(200),
  },
  {
    name: "GET api/market/:symbol/history",
    call: (who) => send(who, "GET", "/api/market/BTC/history?range=1D"),
    expect: same(200),
  },
  { name: "GET calendar.ics", call: (who) => send(who, "GET", "/calendar.ics"), expect: same(200) },
  {
    name: "GET api/calendar",
    call: async (who) => {
      await calendarEventId();
      return send(who, "GET", "/api/calendar?from=2026-01-01&to=2026-03-01&importance=high");
    },
    expect: same((res) => {
      expect(res.status).toBe(200);
      const events = json(res).events as Array<{ importance: string; startsAt: string }>;
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.importance === "high" && e.startsAt.endsWith("Z"))).toBe(true);
    }),
  },
  {
    // A visitor's zone lives in a cookie; a signed-in user's is also saved on their own row.
    name: "POST api/calendar/time-zone",
    call: (who) => send(who, "POST", "/api/calendar/time-zone", form({ timeZone: "Asia/Riyadh" })),
    expect: same((res) => {
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/^tz=Asia%2FRiyadh;/);
    }),
  },
  {
    name: "GET calendar/:id",
    call: async (who) => send(who, "GET", `/calendar/${await calendarEventId()}`),
    expect: same(200),
  },
  {
    // "Remind me" is the signed-in user's own row.
    name: "POST calendar/:id",
    writes: true,
    call: async (who) =>
      send(who, "POST", `/calendar/${await calendarEventId()}`, form({ intent: "set", minutesBefore: "15" })),
    expect: { anonymous: 401, user: 200, other: 200, admin: 200 },
  },
  {
    name: "GET admin/calendar",
    call: (who) => send(who, "GET", "/admin/calendar"),
    expect: adminOnly(200, HOME),
  },
  {
    name: "POST api/admin/calendar",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/admin/calendar", {
        title: "Matrix test event",
        startsAt: "2031-01-01T10:00:00Z",
        country: "Oman",
        category: "Central Bank",
        importance: "low",
        confidence: "expected",
      }),
    expect: adminOnly(200, 403),
  },
  {
    name: "GET admin/disclosures",
    call: (who) => send(who, "GET", "/admin/disclosures"),
    expect: adminOnly(200, HOME),
  },
  {
    name: "POST api/admin/disclosure-feeds",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/admin/disclosure-feeds", {
        name: "Matrix feed",
        url: "https://feeds.example.com/disclosures.xml",
        exchange: "BOURSA_KUWAIT",
        language: "en",
        field: "title",
        pattern: "^(\\w+) -",
        match: "symbol",
      }),
    expect: adminOnly(200, 403),
  },
  {
    name: "GET admin/shariah",
    call: (who) => send(who, "GET", "/admin/shariah"),
    expect: adminOnly(200, HOME),
  },
  {
    name: "POST api/admin/shariah",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/admin/shariah", {
        symbol: "2222",
        authority: "tanmia",
        ruling: "compliant",
        listDate: "2025-08-23",
        listUrl: "https://example.com/list",
      }),
    expect: adminOnly(200, 403),
  },
  {
    name: "POST api/admin/shariah/import",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/admin/shariah/import", {
        csv: "symbol,authority,ruling,listDate,listUrl\n1120,tanmia,mixed,2025-08-23,https://example.com/list",
        dryRun: false,
      }),
    expect: adminOnly(200, 403),
  },
  { name: "GET markets", call: (who) => send(who, "GET", "/markets?market=DFM"), expect: same(200) },
  {
    name: "GET api/screener",
    call: (who) => send(who, "GET", "/api/screener?exchange=TADAWUL&changePercentMin=-100&sort=valueTraded"),
    expect: same(200),
  },
  { name: "GET screener", call: (who) => send(who, "GET", "/screener?exchange=DFM"), expect: same(200) },
  {
    name: "GET api/screens",
    call: async (who) => {
      await ownerScreenId();
      return send(who, "GET", "/api/screens");
    },
    expect: {
      anonymous: 401,
      other: lacksOwnerScreen,
      admin: lacksOwnerScreen,
      user: (res) => expect(res.text).toContain("owner-secret-screen"),
    },
  },
  {
    name: "POST api/screens",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/screens", {
        name: `${who} screen ${crypto.randomUUID().slice(0, 8)}`,
        query: "exchange=TADAWUL&changePercentMin=2",
      }),
    expect: { anonymous: 401, other: 200, admin: 200, user: 200 },
  },
  {
    name: "PATCH api/screens/:id",
    writes: true,
    call: async (who) => send(who, "PATCH", `/api/screens/${await ownerScreenId()}`, { alerts: false }),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "DELETE api/screens/:id",
    writes: true,
    call: async (who) => send(who, "DELETE", `/api/screens/${await ownerScreenId()}`),
    expect: { anonymous: 401, other: 404, admin: 404, user: 200 },
  },
  {
    name: "GET screener.csv",
    call: (who) => send(who, "GET", "/screener.csv?exchange=QSE"),
    expect: same((res) => expect(res.headers.get("content-type")).toContain("text/csv")),
  },
  {
    name: "GET api/markets/overview",
    call: (who) => send(who, "GET", "/api/markets/overview?market=TADAWUL"),
    expect: same(200),
  },
  {
    name: "GET api/markets/heatmap",
    call: (who) => send(who, "GET", "/api/markets/heatmap?market=TADAWUL&period=1W"),
    expect: same(200),
  },
  {
    name: "GET dividends",
    call: (who) => send(who, "GET", "/dividends?exchange=TADAWUL"),
    expect: same(200),
  },
  {
    name: "GET dividends.ics",
    call: (who) => send(who, "GET", "/dividends.ics"),
    expect: same((res) => expect(res.headers.get("content-type")).toContain("text/calendar")),
  },
  { name: "GET api/dividends", call: (who) => send(who, "GET", "/api/dividends"), expect: same(200) },
  {
    // The watchlist filter is the signed-in reader's own lists.
    name: "GET api/dividends?watchlist=1",
    call: (who) => send(who, "GET", "/api/dividends?watchlist=1"),
    expect: { anonymous: 401, user: 200, other: 200, admin: 200 },
  },
  {
    // "Remind me before the ex-date" is the signed-in reader's own row.
    name: "POST api/dividends/reminders",
    writes: true,
    call: async (who) =>
      send(
        who,
        "POST",
        "/api/dividends/reminders",
        form({ actionId: await upcomingActionId(), daysBefore: "3" }),
      ),
    expect: { anonymous: 401, user: 200, other: 200, admin: 200 },
  },
  {
    name: "GET admin/dividends",
    call: (who) => send(who, "GET", "/admin/dividends"),
    expect: adminOnly(200, HOME),
  },
  {
    name: "POST api/admin/dividends",
    writes: true,
    call: (who) =>
      send(who, "POST", "/api/admin/dividends", {
        symbol: "2222",
        exDate: "2031-06-01",
        paymentDate: "2031-06-20",
        amount: "0.45",
        currency: "SAR",
        sourceUrl: "https://example.com/announcement",
      }),
    expect: adminOnly(200, 403),
  },
  { name: "GET search", call: (who) => send(who, "GET", "/search?q=gold"), expect: same(200) },
  { name: "GET api/chat", call: (who) => send(who, "GET", "/api/chat"), expect: same(200) },
  {
    name: "GET auth",
    call: (who) => send(who, "GET", "/auth"),
    expect: { anonymous: 200, user: HOME, other: HOME, admin: HOME },
  },
  {
    name: "GET auth/reset-password",
    call: (who) => send(who, "GET", "/auth/reset-password?token=nope"),
    expect: same(200),
  },
  { name: "GET auth/sign-out", call: (who) => send(who, "GET", "/auth/sign-out"), expect: same(HOME) },
  {
    name: "GET newsletter/unsubscribe",
    call: (who) => send(who, "GET", "/newsletter/unsubscribe?token=nope"),
    expect: same(404),
  },
  {
    name: "POST api/newsletter/subscribe",
    call: (who) =>
      send(
        who,
        "POST",
        "/api/newsletter/subscribe",
        form({ source: "community", fullName: "A", email: `${who}-nl@example.com` }),
      ),
    expect: same(200),
  },
];

function check(outcome: Outcome, res: Sent, rows: Rows, label: string) {
  if (typeof outcome === "number") expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(outcome);
  else if (typeof outcome === "function") outcome(res, rows);
  else {
    expect(res.status, label).toBe(302);
    expect(res.headers.get("location"), label).toBe(outcome.redirect);
  }
}

const refused = (o: Outcome) =>
  (typeof o === "number" && o >= 400) || (typeof o === "object" && o.redirect === "/");

describe("access matrix: endpoint × anonymous / user / other user / admin", () => {
  for (const row of MATRIX) {
    it(row.name, async () => {
      const rows = await ownerRows();
      for (const who of ROLES) {
        const outcome = row.expect[who];
        const before = row.writes && refused(outcome) ? await fingerprintTables(s) : null;
        const res = await row.call(who, rows);
        check(outcome, res, rows, `${row.name} as ${who}`);
        if (before !== null) expect(await fingerprintTables(s), `${row.name} as ${who} wrote`).toBe(before);
      }
    });
  }

  it("covers every route in app/routes.ts", () => {
    // Pages without data of their own are covered by the header check (security-headers.test.ts).
    const covered = new Set(MATRIX.map((r) => r.name.split(" ")[1]));
    // The /ar copies of pages are the same modules as the English ones (decision record 016).
    const patterns = routes.map((r) => (r.path ?? "").replace(/^ar(\/|$)/, "")).filter((p) => p && p !== "*");
    const dataRoutes = patterns.filter(
      (p) =>
        p.startsWith("api/") ||
        [
          "admin",
          "admin/preview",
          "admin/subscribers.csv",
          "price-alerts",
          "watchlists",
          "account",
          "calendar.ics",
          "search",
          "auth",
          "auth/reset-password",
          "auth/sign-out",
          "newsletter/unsubscribe",
        ].includes(p),
    );
    expect(dataRoutes.filter((p) => !covered.has(p))).toEqual([]);
  });
});

describe("access matrix in every body encoding: a refused role stays refused and writes nothing", () => {
  // JSON and the three encodings an HTML form can post, for every endpoint that writes.
  // Refused calls change nothing, so one set of the owner's rows serves every row.
  let shared: Rows | undefined;
  for (const row of MATRIX.filter((r) => r.writes)) {
    it(row.name, async () => {
      shared ??= await ownerRows();
      // Some calls first make the owner's row they aim at (a list, a webhook): made here, unchecked.
      const first = ROLES.find((w) => refused(row.expect[w]));
      if (first) await row.call(first, shared);
      for (const encoding of BODY_ENCODINGS) {
        encodingPass = encoding;
        try {
          const rows = shared;
          for (const who of ROLES.filter((w) => refused(row.expect[w]))) {
            const label = `${row.name} as ${who} in ${encoding}`;
            const before = await fingerprintTables(s);
            const res = await row.call(who, rows);
            expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(300);
            expect(await fingerprintTables(s), `${label} wrote`).toBe(before);
          }
        } finally {
          encodingPass = null;
        }
      }
    });
  }

  it("the auth library's state-changing endpoints answer every role 415 unless the body is JSON", async () => {
    const endpoints: Array<[string, Record<string, string>]> = [
      [
        "/api/auth/sign-up/email",
        { email: "encoded-sign-up@example.com", password: "qz7#kp-valid", name: "E" },
      ],
      ["/api/auth/sign-in/email", { email: "owner@example.com", password: "secret123" }],
      [
        "/api/auth/request-password-reset",
        { email: "owner@example.com", redirectTo: "/auth/reset-password" },
      ],
      ["/api/auth/change-password", { currentPassword: "secret123", newPassword: "qz7#kp-valid" }],
      ["/api/auth/update-user", { name: "Renamed" }],
      ["/api/auth/revoke-sessions", {}],
      ["/api/auth/sign-out", {}],
    ];
    for (const encoding of BODY_ENCODINGS.filter((e) => e !== "json")) {
      encodingPass = encoding;
      try {
        for (const who of ROLES) {
          for (const [path, fields] of endpoints) {
            const before = await fingerprintTables(s);
            const res = await send(who, "POST", path, fields);
            expect(res.status, `${path} as ${who} in ${encoding}`).toBe(415);
            expect(await fingerprintTables(s), `${path} as ${who} in ${encoding} wrote`).toBe(before);
          }
        }
      } finally {
        encodingPass = null;
      }
    }
  });
});

const METRICS_TOKEN = "metrics-scraper-token-42";

describe("operator endpoints", () => {
  it("/metrics: refused to every role without the scraper's token; /healthz and /readyz open to all", async () => {
    for (const who of ROLES) {
      const refused = await send(who, "GET", "/metrics");
      expect(refused.status, who).toBe(401);
      expect(refused.text, who).not.toContain("gulfpulse_");
      expect((await send(who, "GET", "/healthz")).status, who).toBe(200);
      expect((await send(who, "GET", "/readyz")).status, who).toBe(200);
    }
    const scraper = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraper.status).toBe(200);
    expect(await scraper.text()).toContain("gulfpulse_job_leader");
  });
});

describe("sessions", () => {
  it("sign-out of one user leaves the others signed in", async () => {
    await signUpVerified(s, "leaver@example.com", "Leaver");
    const leaver = await signInCookie(s, "leaver@example.com");
    const res = await fetch(`${app.url}/auth/sign-out`, {
      method: "POST",
      headers: { cookie: leaver },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const session = async (cookie: string) =>
      JSON.parse(await (await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie } })).text());
    expect(await session(leaver)).toBeNull();
    expect((await session(cookies.user))?.user?.id).toBe(ids.owner);
    expect((await session(cookies.other))?.user?.id).toBe(ids.other);
  });
});

describe("security headers and CSP on every route", () => {
  /** Every route of app/routes.ts as a URL (sample parameters), plus the raw HTTP endpoints. */
  const urls = [
    ...routes.map((r) =>
      `/${r.index ? "" : (r.path ?? "")}`
        .replace(":symbol", "BTC")
        .replace(":slug", "sample")
        .replace("*", "no-such-page")
        .replace("api/auth/no-such-page", "api/auth/get-session"),
    ),
    "/healthz",
    "/readyz",
    "/metrics",
    "/api/stream",
    "/about/", // a canonical redirect
    "/api/chat/conversations/not-a-uuid",
    "/api/market/NOPE/history",
    "/api/instruments/NOPE",
  ];

  // Every page twice (English and /ar), on a CPU shared with other runs: a longer time limit.
  it("anonymous and admin GETs: headers, nonce on every script, no 5xx, no stack traces", async () => {
    for (const who of ["anonymous", "admin"] as const) {
      for (const url of urls) {
        const controller = new AbortController();
        const headers: Record<string, string> = cookies[who] ? { cookie: cookies[who] } : {};
        const res = await fetch(app.url + url, { headers, redirect: "manual", signal: controller.signal });
        // The event stream never ends: its headers are what counts.
        const text = url === "/api/stream" ? "" : await res.text();
        controller.abort();
        expect(res.status, `${who} GET ${url}`).toBeLessThan(500);
        expectSecurityHeaders({ status: res.status, headers: res.headers, text }, `${who} GET ${url}`);
      }
    }
  }, 90_000);

  it("errors of unsafe requests carry them too", async () => {
    for (const [method, url] of [
      ["POST", "/no-such-page"],
      ["POST", "/api/market"],
      ["DELETE", "/api/chat/conversations/00000000-0000-0000-0000-000000000000"],
      ["PUT", "/api/chat"],
    ] as const) {
      const res = await send("anonymous", method, url, {});
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
    }
  });
});

describe("CSRF: unsafe methods from another origin are refused before any route runs", () => {
  const UNSAFE: Array<[string, string, BodyInit, string]> = [
    [
      "POST",
      "/contact",
      form({ name: "A", email: "a@example.com", subject: "general", message: "Hi" }),
      "anonymous",
    ],
    [
      "POST",
      "/api/newsletter/subscribe",
      form({ source: "community", fullName: "A", email: "csrf@example.com" }),
      "anonymous",
    ],
    [
      "POST",
      "/price-alerts",
      form({ intent: "create", symbol: "BTC", alertType: "above", targetValue: "1" }),
      "user",
    ],
    ["POST", "/api/chat", JSON.stringify({ message: "Hi" }), "user"],
    ["POST", "/admin", form({ intent: "saveSite", siteName: "Pwned", tagline: "x" }), "admin"],
    ["POST", "/api/admin/mail/retry", JSON.stringify({}), "admin"],
    ["POST", "/api/auth/sign-out", JSON.stringify({}), "user"],
    ["POST", "/auth/sign-out", "", "user"],
    ["DELETE", "/api/chat/conversations/00000000-0000-0000-0000-000000000000", "", "user"],
    ["PUT", "/api/chat", "{}", "user"],
    ["PATCH", "/api/chat", "{}", "user"],
  ];
  const FOREIGN: Array<[string, Record<string, string>]> = [
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a look-alike Origin", { origin: "http://localhost:3000.evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["a foreign Referer without Origin", { referer: "https://evil.example/page" }],
    ["a broken Referer", { referer: "not a url" }],
  ];
  for (const [label, extra] of FOREIGN) {
    it(label, async () => {
      for (const [method, path, body, who] of UNSAFE) {
        const before = await fingerprintTables(s);
        const res = await fetch(app.url + path, {
          method,
          headers: {
            cookie: cookies[who as Role],
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
            ...extra,
          },
          body: method === "DELETE" ? undefined : body,
          redirect: "manual",
        });
        expect(res.status, `${method} ${path} with ${label}`).toBe(403);
        expect(await res.json()).toEqual({ error: "Cross-site requests are not allowed." });
        expect(await fingerprintTables(s), `${method} ${path} with ${label} wrote`).toBe(before);
      }
    });
  }

  it("same-origin posts (the public origin, the addressed host, or no Origin at all) get through", async () => {
    let n = 0;
    const subscribe = (headers: Record<string, string>) =>
      fetch(`${app.url}/api/newsletter/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: form({ source: "community", fullName: "A", email: `same-origin-${n++}@example.com` }),
      });
    for (const headers of <Array<Record<string, string>>>[
      { origin: "http://localhost:3000" }, // PUBLIC_URL (the site behind a proxy)
      { origin: app.url },
      { referer: `${app.url}/about` },
      {}, // not a browser
    ]) {
      expect((await subscribe(headers)).status, JSON.stringify(headers)).toBe(200);
    }
    // A form post from the site's own page, as a browser sends it (React Router also checks Origin).
    const res = await fetch(`${app.url}/price-alerts.data`, {
      method: "POST",
      headers: { cookie: cookies.user, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: form({ intent: "read-all" }),
    });
    expect(res.status).toBe(200);
  });

  it("safe methods are never blocked", async () => {
    const res = await fetch(`${app.url}/api/market`, { headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });
});

/** The owner's portfolio (made again after the owner's delete) with one deposit and one alert. */
async function ownerPortfolio() {
  const [mine] = await s.portfolios.list(ids.owner);
  const portfolio =
    mine ?? (await s.portfolios.create(ids.owner, { name: "owner-secret-portfolio", baseCurrency: "SAR" }));
  let { activities } = await s.portfolios.get(ids.owner, portfolio.id);
  if (activities.length === 0) {
    await s.portfolios.addActivity(ids.owner, portfolio.id, {
      ...{ type: "deposit", date: "2024-01-02", currency: "SAR", amount: 1000, note: "owner-secret-note" },
    });
    activities = (await s.portfolios.get(ids.owner, portfolio.id)).activities;
  }
  const alerts = await s.portfolios.alerts(ids.owner, portfolio.id);
  const alert =
    alerts[0] ?? (await s.portfolios.addAlert(ids.owner, portfolio.id, { kind: "weight", threshold: 60 }));
  return { id: portfolio.id, activityId: activities[0]!.id, alertId: alert.id };
}

function lacksOwnerPortfolio(res: Sent) {
  expect(res.text).not.toContain("owner-secret");
}

/** Every portfolio endpoint: a reader's portfolio is theirs alone (another reader and the admin get 404). */
function portfolioRows(): Row[] {
  const owned = { anonymous: 401, other: 404, admin: 404 } as const;
  const on = (path: (p: Awaited<ReturnType<typeof ownerPortfolio>>) => string) => async () =>
    path(await ownerPortfolio());
  const row = (
    name: string,
    method: string,
    path: (p: Awaited<ReturnType<typeof ownerPortfolio>>) => string,
    user: Outcome,
    body?: unknown,
  ): Row => ({
    name,
    writes: method !== "GET",
    call: async (who) => send(who, method, await on(path)(), body),
    expect: { ...owned, user },
  });
  return [
    {
      name: "GET api/portfolios",
      call: async (who) => {
        await ownerPortfolio();
        return send(who, "GET", "/api/portfolios");
      },
      expect: {
        anonymous: 401,
        other: lacksOwnerPortfolio,
        admin: lacksOwnerPortfolio,
        user: (res) => expect(res.text).toContain("owner-secret-portfolio"),
      },
    },
    {
      name: "POST api/portfolios",
      writes: true,
      call: (who) => send(who, "POST", "/api/portfolios", { name: `${who} portfolio`, baseCurrency: "AED" }),
      expect: { anonymous: 401, other: 201, admin: 201, user: 201 },
    },
    row(
      "GET api/portfolios/:id",
      "GET",
      (p) => `/api/portfolios/${p.id}`,
      (res) => expect(res.text).toContain("owner-secret-note"),
    ),
    row("PATCH api/portfolios/:id", "PATCH", (p) => `/api/portfolios/${p.id}`, 200, {
      name: "owner-secret-portfolio",
    }),
    row("POST api/portfolios/:id/activities", "POST", (p) => `/api/portfolios/${p.id}/activities`, 201, {
      ...{ type: "deposit", date: "2024-01-03", currency: "SAR", amount: 5 },
    }),
    row(
      "PATCH api/portfolios/:id/activities/:activityId",
      "PATCH",
      (p) => `/api/portfolios/${p.id}/activities/${p.activityId}`,
      200,
      { type: "deposit", date: "2024-01-02", currency: "SAR", amount: 1000, note: "owner-secret-note" },
    ),
    row("POST api/portfolios/:id/import", "POST", (p) => `/api/portfolios/${p.id}/import`, 200, {
      ...{ format: "csv", content: "date,type,currency,amount\n2024-01-04,deposit,SAR,7\n", dryRun: true },
    }),
    row(
      "GET api/portfolios/:id/export",
      "GET",
      (p) => `/api/portfolios/${p.id}/export?format=csv`,
      (res) => expect(res.text).toContain("owner-secret-note"),
    ),
    row(
      "GET api/portfolios/:id/dividend-proposals",
      "GET",
      (p) => `/api/portfolios/${p.id}/dividend-proposals`,
      200,
    ),
    // The owner has no proposal for this: 404 too, and nothing written for anyone.
    row(
      "POST api/portfolios/:id/dividend-proposals/accept",
      "POST",
      (p) => `/api/portfolios/${p.id}/dividend-proposals/accept`,
      404,
      { symbol: "2222", exDate: "2024-01-01" },
    ),
    row("GET api/portfolios/:id/alerts", "GET", (p) => `/api/portfolios/${p.id}/alerts`, 200),
    row("POST api/portfolios/:id/alerts", "POST", (p) => `/api/portfolios/${p.id}/alerts`, 201, {
      ...{ kind: "day-move", threshold: 4 },
    }),
    {
      name: "DELETE api/portfolios/:id/alerts",
      writes: true,
      call: async (who) => {
        const p = await ownerPortfolio();
        return send(who, "DELETE", `/api/portfolios/${p.id}/alerts`, { id: p.alertId });
      },
      expect: { ...owned, user: 204 },
    },
    row(
      "DELETE api/portfolios/:id/activities/:activityId",
      "DELETE",
      (p) => `/api/portfolios/${p.id}/activities/${p.activityId}`,
      204,
    ),
    row("DELETE api/portfolios/:id", "DELETE", (p) => `/api/portfolios/${p.id}`, 204),
  ];
}
