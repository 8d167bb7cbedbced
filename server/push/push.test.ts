import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PUSH_DEVICES_PER_USER, PUSH_MESSAGES } from "#common/push-schema";
import { loadConfig } from "../config";
import { pushSubscriptions, siteSettings } from "../db/schema";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { PUSH_TTL_SECONDS, pushMessageOf } from "./sender";
import { createPush, type PushService } from "./service";
import { startLoopbackPushService } from "./testing/loopback-push-service";
import { createBrowserSubscription, decryptPushMessage, verifyVapidHeader } from "./testing/push-client";
import { vapidSubject } from "./vapid";

let s: Services;
let push: PushService;
let service: Awaited<ReturnType<typeof startLoopbackPushService>>;
const ids = { owner: "", other: "" };
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

beforeAll(async () => {
  s = await createTestServices({ PUSH_TIMEOUT_MS: "300" });
  push = await createPush({ db: s.db, log: s.log, settings: s.settings, config: s.config });
  service = await startLoopbackPushService();
  ids.owner = await signUpVerified(s, "push-owner@example.com", "Owner");
  ids.other = await signUpVerified(s, "push-other@example.com", "Other");
}, 90_000);
afterAll(async () => {
  await service?.close();
  await s?.close();
});

async function subscribed(userId = ids.owner) {
  const browser = createBrowserSubscription(service.endpoint());
  const device = await push.subscribe(
    userId,
    { endpoint: browser.endpoint, keys: browser.keys },
    CHROME_ANDROID,
  );
  return { browser, device };
}

const alertPayload = { title: "TASI above 12,000", message: "TASI is at 12,004.50", url: "/price-alerts" };
const sendTo = (target: string, userId = ids.owner, eventId: string = crypto.randomUUID()) =>
  push.sender.send({ id: crypto.randomUUID(), userId, eventId, target, payload: alertPayload, attempt: 1 });

describe("the push sender", () => {
  it("encrypts the message for the subscription (RFC 8291, aes128gcm) and signs it with VAPID (RFC 8292)", async () => {
    const { browser, device } = await subscribed();
    const eventId = crypto.randomUUID();
    const before = service.received.length;
    const outcome = await sendTo(device.id, ids.owner, eventId);
    expect(outcome).toMatchObject({ ok: true, statusCode: 201 });
    const [request] = service.received.slice(before);
    expect(request!.path).toBe(new URL(browser.endpoint).pathname);
    expect(request!.headers["content-encoding"]).toBe("aes128gcm");
    expect(request!.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(request!.headers.urgency).toBe("high");

    // The browser's side: only its private key and auth secret open the message.
    const plaintext = decryptPushMessage(request!.body, browser);
    expect(JSON.parse(plaintext)).toEqual(pushMessageOf(eventId, alertPayload));
    expect(JSON.parse(plaintext)).toMatchObject({
      title: alertPayload.title,
      body: alertPayload.message,
      tag: eventId,
    });
    const stranger = createBrowserSubscription(browser.endpoint);
    expect(() => decryptPushMessage(request!.body, stranger)).toThrow();

    // The push service's side: the JWT verifies with our public key, for this origin, within 24 h.
    const claims = verifyVapidHeader(request!.headers.authorization, { publicKey: push.publicKey });
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(vapidSubject(s.config));
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);

    const [row] = await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it.each([404, 410])("a %i answer deletes the subscription and is final (gone)", async (status) => {
    const { device } = await subscribed();
    service.answerNext({ status, body: "subscription expired" });
    const outcome = await sendTo(device.id);
    expect(outcome).toMatchObject({ ok: false, retry: false, gone: true, statusCode: status });
    expect(await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))).toEqual(
      [],
    );
    // The queue's next attempt finds nothing to send to.
    expect(await sendTo(device.id)).toMatchObject({ ok: false, retry: false, gone: true });
  });

  it("429 and 5xx are retried (Retry-After honoured), other refusals are final; the subscription stays", async () => {
    const { device } = await subscribed();
    service.answerNext(
      { status: 429, headers: { "Retry-After": "120" } },
      { status: 503 },
      { status: 400, body: "bad request" },
    );
    expect(await sendTo(device.id)).toMatchObject({
      ok: false,
      retry: true,
      statusCode: 429,
      retryAfterMs: 120_000,
    });
    expect(await sendTo(device.id)).toMatchObject({ ok: false, retry: true, statusCode: 503 });
    expect(await sendTo(device.id)).toMatchObject({ ok: false, retry: false, statusCode: 400 });
    expect(await push.devices(ids.owner)).toContainEqual(expect.objectContaining({ id: device.id }));
  });

  it("a push service that does not answer in time is retried", async () => {
    const { device } = await subscribed();
    service.answerNext({ status: 201, delayMs: 2_000 });
    const outcome = await sendTo(device.id);
    expect(outcome).toMatchObject({ ok: false, retry: true });
    expect(outcome.ok ? "" : outcome.error).toMatch(/timed out after 300 ms/);
  });

  it("a target that is another user's subscription is not sent to", async () => {
    const { device } = await subscribed(ids.other);
    const before = service.received.length;
    expect(await sendTo(device.id, ids.owner)).toMatchObject({ ok: false, gone: true });
    expect(service.received.length).toBe(before);
  });

  it("over limits.pushesPerMinute the push waits (retry with a delay) instead of being sent", async () => {
    const user = await signUpVerified(s, "push-rate@example.com", "Rate");
    const { device } = await subscribed(user);
    await s.settings.set("limits.pushesPerMinute", 2);
    try {
      const before = service.received.length;
      expect(await sendTo(device.id, user)).toMatchObject({ ok: true });
      expect(await sendTo(device.id, user)).toMatchObject({ ok: true });
      const third = await sendTo(device.id, user);
      expect(third).toMatchObject({ ok: false, retry: true });
      expect(third.ok ? 0 : third.retryAfterMs).toBeGreaterThan(0);
      expect(service.received.length).toBe(before + 2);
    } finally {
      await s.settings.set("limits.pushesPerMinute", 30);
    }
  });
});

describe("devices", () => {
  it("subscribes with a label from the user agent, lists only the user's own, and unsubscribes", async () => {
    const user = await signUpVerified(s, "push-devices@example.com", "Devices");
    const { browser, device } = await subscribed(user);
    expect(device.device).toBe("Chrome on Android");
    await subscribed(ids.other);
    expect((await push.devices(user)).map((d) => d.id)).toEqual([device.id]);
    await expect(push.unsubscribe(ids.other, { id: device.id })).rejects.toThrow(PUSH_MESSAGES.notFound);
    await expect(push.unsubscribe(ids.other, { endpoint: browser.endpoint })).rejects.toThrow(
      PUSH_MESSAGES.notFound,
    );
    await push.unsubscribe(user, { endpoint: browser.endpoint });
    expect(await push.devices(user)).toEqual([]);
  });

  it("the same browser subscribed by another account with its keys moves to that account", async () => {
    const { browser, device } = await subscribed(ids.owner);
    const moved = await push.subscribe(
      ids.other,
      { endpoint: browser.endpoint, keys: browser.keys },
      CHROME_ANDROID,
    );
    expect(moved.id).toBe(device.id);
    expect((await push.devices(ids.owner)).map((d) => d.id)).not.toContain(device.id);
    expect((await push.devices(ids.other)).map((d) => d.id)).toContain(device.id);
  });

  it("another account posting a known endpoint without its keys gets 409; the device stays", async () => {
    const { browser, device } = await subscribed(ids.owner);
    const [before] = await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    const impostor = createBrowserSubscription(browser.endpoint);
    const refused = await push.subscribe(ids.other, impostor, CHROME_ANDROID).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, message: PUSH_MESSAGES.otherAccount });
    // One key right is not enough either.
    const halfRight = { endpoint: browser.endpoint, keys: { ...browser.keys, auth: impostor.keys.auth } };
    await expect(push.subscribe(ids.other, halfRight, null)).rejects.toThrow(PUSH_MESSAGES.otherAccount);
    const [after] = await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    expect(after).toEqual(before);
    expect((await push.devices(ids.other)).map((d) => d.id)).not.toContain(device.id);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES_PER_USER} devices per user, replacing the least recently used`, async () => {
    const user = await signUpVerified(s, "push-cap@example.com", "Cap");
    const first = await subscribed(user);
    const second = await subscribed(user);
    await sendTo(first.device.id, user); // delivered just now: the first is the more recently used
    const rest = [];
    for (let i = 2; i < MAX_PUSH_DEVICES_PER_USER; i++) rest.push((await subscribed(user)).device.id);
    expect(await push.devices(user)).toHaveLength(MAX_PUSH_DEVICES_PER_USER);
    const newest = await subscribed(user);
    const ids = (await push.devices(user)).map((d) => d.id);
    expect(ids).toHaveLength(MAX_PUSH_DEVICES_PER_USER);
    expect(ids).toContain(newest.device.id);
    expect(ids).toContain(first.device.id);
    expect(ids).not.toContain(second.device.id);
    // Subscribing one of the kept devices again only refreshes it.
    await push.subscribe(user, { endpoint: newest.browser.endpoint, keys: newest.browser.keys }, null);
    expect((await push.devices(user)).map((d) => d.id).sort()).toEqual([...ids].sort());
  });

  it("refuses unusable subscriptions with a clear message and stores nothing", async () => {
    const good = createBrowserSubscription(service.endpoint());
    const count = async () => (await s.db.select().from(pushSubscriptions)).length;
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{ endpoint: "not a url", keys: good.keys }, PUSH_MESSAGES.badEndpoint],
      [{ endpoint: "ftp://push.example.com/x", keys: good.keys }, PUSH_MESSAGES.badEndpoint],
      [{ endpoint: good.endpoint, keys: { ...good.keys, auth: "c2hvcnQ" } }, PUSH_MESSAGES.badKeys],
      [{ endpoint: good.endpoint, keys: { ...good.keys, p256dh: "A".repeat(87) } }, PUSH_MESSAGES.badKeys],
      [{ endpoint: good.endpoint }, PUSH_MESSAGES.badKeys],
      ["nonsense", PUSH_MESSAGES.badEndpoint],
    ];
    for (const [input, message] of cases) {
      await expect(push.subscribe(ids.owner, input, null), JSON.stringify(input)).rejects.toThrow(message);
    }
    expect(await count()).toBe(before);
  });

  it("in production a push address must be https and public, at subscribe and at send", async () => {
    const production = await createPush({
      db: s.db,
      log: s.log,
      settings: s.settings,
      config: { ...s.config, NODE_ENV: "production" },
    });
    const browser = createBrowserSubscription(service.endpoint());
    await expect(production.subscribe(ids.owner, browser, null)).rejects.toThrow(
      PUSH_MESSAGES.insecureEndpoint,
    );
    const https = createBrowserSubscription("https://93.184.215.14/send/abc");
    expect((await production.subscribe(ids.owner, https, null)).device).toBe("Unknown browser");
    // Addresses inside our network are refused when the browser hands them over, in any spelling.
    const port = new URL(service.origin).port;
    const count = async () => (await s.db.select().from(pushSubscriptions)).length;
    const stored = await count();
    for (const endpoint of [
      `https://127.0.0.1:${port}/push/x`,
      "https://169.254.169.254/latest/meta-data/",
      "https://[::ffff:0:127.0.0.1]/push/x",
      "https://[::127.0.0.1]/push/x",
      "https://[2002:a00:1::]/push/x",
      "https://localhost/push/x",
    ]) {
      await expect(
        production.subscribe(ids.owner, createBrowserSubscription(endpoint), null),
        endpoint,
      ).rejects.toThrow(PUSH_MESSAGES.privateEndpoint);
    }
    expect(await count()).toBe(stored);
    // One stored before this check existed is still never posted to (the connect-time guard).
    const inside = createBrowserSubscription(`https://127.0.0.1:${port}/push/x`);
    const [row] = await s.db
      .insert(pushSubscriptions)
      .values({ userId: ids.owner, endpoint: inside.endpoint, ...inside.keys })
      .returning();
    const before = service.received.length;
    const outcome = await production.sender.send({
      id: crypto.randomUUID(),
      userId: ids.owner,
      eventId: crypto.randomUUID(),
      target: row!.id,
      payload: alertPayload,
      attempt: 1,
    });
    expect(outcome).toMatchObject({
      ok: false,
      retry: false,
      error: expect.stringMatching(/private network/),
    });
    expect(service.received.length).toBe(before);
  });

  it("the test push reaches every device of the user and drops the expired ones", async () => {
    const user = await signUpVerified(s, "push-test@example.com", "Tester");
    const first = await subscribed(user);
    await subscribed(user);
    await expect(push.sendTest(ids.owner.replace(/./g, "0"), "en")).rejects.toThrow(PUSH_MESSAGES.noDevices);
    const before = service.received.length;
    service.answerNext({ status: 201 }, { status: 410 });
    expect(await push.sendTest(user, "ar")).toEqual({ sent: 1, failed: 0, removed: 1 });
    const bodies = service.received.slice(before);
    expect(bodies).toHaveLength(2);
    const opened = bodies
      .map((b) => {
        try {
          return JSON.parse(decryptPushMessage(b.body, first.browser));
        } catch {
          return null;
        }
      })
      .find(Boolean);
    expect(opened).toMatchObject({ title: "إشعار تجريبي من GulfPulse", url: "/ar/account" });
    expect(await push.devices(user)).toHaveLength(1);
  });
});

describe("the test push over the rate", () => {
  it("is refused with the rate message when no device could be sent to", async () => {
    const user = await signUpVerified(s, "push-test-rate@example.com", "Rate");
    await subscribed(user);
    await s.settings.set("limits.pushesPerMinute", 1);
    try {
      expect(await push.sendTest(user, "en")).toMatchObject({ sent: 1 });
      await expect(push.sendTest(user, "en")).rejects.toThrow(PUSH_MESSAGES.rateLimited);
    } finally {
      await s.settings.set("limits.pushesPerMinute", 30);
    }
  });
});

describe("VAPID keys", () => {
  it("are generated once and every process uses the stored pair; never listed with the settings", async () => {
    const again = await createPush({ db: s.db, log: s.log, settings: s.settings, config: s.config });
    expect(again.publicKey).toBe(push.publicKey);
    expect(Buffer.from(push.publicKey, "base64url")).toHaveLength(65);
    const rows = await s.db.select().from(siteSettings).where(eq(siteSettings.key, "internal:vapid"));
    expect(rows).toHaveLength(1);
    await s.settings.reload();
    expect(JSON.stringify(s.settings.all())).not.toContain(push.publicKey);
  });

  it("come from config when set", async () => {
    const pair = (await import("web-push")).default.generateVAPIDKeys();
    const config = loadConfig({
      NODE_ENV: "test",
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.com",
    });
    const configured = await createPush({ db: s.db, log: s.log, settings: s.settings, config });
    expect(configured.publicKey).toBe(pair.publicKey);
    const { device } = await subscribed();
    const before = service.received.length;
    await configured.sender.send({
      id: crypto.randomUUID(),
      userId: ids.owner,
      eventId: crypto.randomUUID(),
      target: device.id,
      payload: alertPayload,
      attempt: 1,
    });
    const claims = verifyVapidHeader(service.received[before]!.headers.authorization, {
      publicKey: pair.publicKey,
    });
    expect(claims.sub).toBe("mailto:ops@example.com");
  });
});

describe("through the delivery queue", () => {
  it("a push request reaches each of the user's devices once, decryptable there", async () => {
    const user = await signUpVerified(s, "push-queue@example.com", "Queue");
    const a = await subscribed(user);
    const b = await subscribed(user);
    const eventId = crypto.randomUUID();
    const before = service.received.length;
    const request = {
      userId: user,
      eventId,
      triggerId: null,
      payload: alertPayload,
      push: true,
      webhook: false,
      webhookId: null,
    };
    await s.db.transaction((tx) => s.delivery.queue.enqueue(tx, [request, request]));
    await s.delivery.worker.drain();
    const got = service.received.slice(before);
    expect(got.map((r) => r.path).sort()).toEqual(
      [new URL(a.browser.endpoint).pathname, new URL(b.browser.endpoint).pathname].sort(),
    );
    const forA = got.find((r) => r.path === new URL(a.browser.endpoint).pathname)!;
    expect(JSON.parse(decryptPushMessage(forA.body, a.browser))).toMatchObject({
      title: alertPayload.title,
      tag: eventId,
    });
  });
});
