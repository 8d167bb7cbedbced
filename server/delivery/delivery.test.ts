/**
 * The push/webhook delivery queue on a real database (PGlite; PostgreSQL with
 * `tsx scripts/with-postgres.ts`): targets, retries until accepted with one event id, signatures
 * checked by the receiver code published in docs/product/alerts.md, a restart and a lost lease,
 * two workers on one database, the address guard and the per-user pace.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { limitKey } from "#common/limits";
import type { Database } from "../db/client";
import {
  alertDeliveries,
  alertTriggers,
  deliveryAttempts,
  pushSubscriptions,
  user,
  webhookEndpoints,
} from "../db/schema";
import { createLogger } from "../logger";
import { type Bus, createBus } from "../realtime/bus";
import { createSettings, type Settings } from "../settings/settings";
import { waitFor } from "../testing/net";
import { createTestDatabase } from "../testing/test-db";
import { purgeOldDeliveries } from "./retention";
import { createDelivery } from "./service";
import {
  loadDocumentedVerifier,
  startTestReceiver,
  type TestReceiver,
  type VerifySignature,
} from "./test-receiver";
import type { ChannelSender, DeliveryRequest } from "./types";

/** Only what the delivery feature uses: the database, the bus, settings and a logger. */
let s: {
  database: Database;
  db: Database["db"];
  bus: Bus;
  settings: Settings;
  log: ReturnType<typeof createLogger>;
};
let verifyGulfPulse: VerifySignature;
const running: Array<{ stop(): Promise<void> }> = [];
const receivers: TestReceiver[] = [];

beforeAll(async () => {
  const database = await createTestDatabase();
  const log = createLogger("silent");
  const bus = await createBus(database, log);
  s = { database, db: database.db, bus, settings: await createSettings(database.db, bus), log };
  verifyGulfPulse = await loadDocumentedVerifier();
}, 90_000);
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
  for (const r of receivers.splice(0)) await r.close();
});
afterAll(async () => {
  await s?.bus.close();
  await s?.database.close();
});

const until = (fn: () => unknown, timeoutMs = 10_000) =>
  waitFor("delivery state", fn as never, timeoutMs, 20);

const FAST = { maxAttempts: 5, baseMs: 40, maxDelayMs: 5_000 };

/** A delivery feature of its own on the test database: fast retries, short timeouts. */
function delivery(
  o: { timeoutMs?: number; leaseMs?: number; allowPrivate?: boolean; pushSender?: ChannelSender } = {},
) {
  const d = createDelivery({
    db: s.db,
    bus: s.bus,
    log: s.log,
    settings: s.settings,
    config: { WEBHOOKS_ALLOW_PRIVATE: o.allowPrivate ?? true, WEBHOOK_TIMEOUT_MS: o.timeoutMs ?? 2_000 },
    pushSender: o.pushSender,
    options: { policy: FAST, pollMs: 20, leaseMs: o.leaseMs ?? 5_000 },
  });
  running.push(d);
  return d;
}

async function receiver(...args: Parameters<typeof startTestReceiver>) {
  const r = await startTestReceiver(...args);
  receivers.push(r);
  return r;
}

let userCount = 0;
async function newUser() {
  const id = `delivery-user-${++userCount}`;
  await s.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}

async function endpoint(userId: string, url: string, isDefault = true) {
  const [row] = await s.db.insert(webhookEndpoints).values({ userId, url, isDefault }).returning();
  return row!.id;
}

async function trigger(userId: string) {
  const [row] = await s.db
    .insert(alertTriggers)
    .values({
      userId,
      symbol: "BTC",
      title: "BTC above 100",
      message: "BTC is 101",
      channels: { webhook: "queued" },
    })
    .returning();
  return row!.id;
}

const request = (
  userId: string,
  triggerId: string | null,
  over: Partial<DeliveryRequest> = {},
): DeliveryRequest => ({
  userId,
  eventId: triggerId ?? crypto.randomUUID(),
  triggerId,
  payload: { type: "price_alert", title: "BTC above 100", symbol: "BTC", price: 101 },
  push: false,
  webhook: true,
  webhookId: null,
  ...over,
});

const deliveriesOf = (userId: string) =>
  s.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.userId, userId))
    .orderBy(alertDeliveries.createdAt);

const attemptsOf = (deliveryId: string) =>
  s.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, deliveryId))
    .orderBy(deliveryAttempts.attemptedAt);

describe("enqueue", () => {
  it("writes one row per target of the user, in the caller's transaction, once per event", async () => {
    const d = delivery();
    const [owner, other] = [await newUser(), await newUser()];
    const chosen = await endpoint(owner, "http://127.0.0.1:9/chosen", false);
    const fallback = await endpoint(owner, "http://127.0.0.1:9/default", true);
    const foreign = await endpoint(other, "http://127.0.0.1:9/other", true);
    await s.db.insert(pushSubscriptions).values([
      { userId: owner, endpoint: "https://push.example/1", p256dh: "k", auth: "a" },
      { userId: owner, endpoint: "https://push.example/2", p256dh: "k", auth: "a" },
    ]);
    const t1 = await trigger(owner);
    const t2 = await trigger(owner);
    const t3 = await trigger(owner);
    await s.db.transaction((tx) =>
      d.queue.enqueue(tx, [
        request(owner, t1, { push: true, webhookId: chosen }),
        request(owner, t2, { webhookId: null }),
        // Another user's endpoint id is not the owner's to name: the owner's default gets it.
        request(owner, t3, { webhookId: foreign }),
      ]),
    );
    // The same events again (a retried tick): nothing more.
    await s.db.transaction((tx) =>
      d.queue.enqueue(tx, [request(owner, t1, { push: true, webhookId: chosen })]),
    );
    const rows = await deliveriesOf(owner);
    const summary = rows
      .map((r) => `${r.triggerId === t1 ? 1 : r.triggerId === t2 ? 2 : 3}:${r.channel}:${r.target}`)
      .sort();
    const pushIds = (
      await s.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner))
    ).map((p) => p.id);
    expect(summary).toEqual(
      [
        `1:webhook:${chosen}`,
        ...pushIds.map((p) => `1:push:${p}`),
        `2:webhook:${fallback}`,
        `3:webhook:${fallback}`,
      ].sort(),
    );
    expect(rows.every((r) => r.eventId === r.triggerId && r.status === "pending")).toBe(true);
    expect(await deliveriesOf(other)).toEqual([]);

    // A transaction that rolls back leaves no delivery behind.
    const t4 = await trigger(owner);
    await expect(
      s.db.transaction(async (tx) => {
        await d.queue.enqueue(tx, [request(owner, t4)]);
        throw new Error("trigger failed");
      }),
    ).rejects.toThrow("trigger failed");
    expect((await deliveriesOf(owner)).some((r) => r.triggerId === t4)).toBe(false);
  });
});

describe("webhook delivery", () => {
  it("retries a timeout, a 500 and a 429 (after its Retry-After) and is accepted once, with one event id, signed", async () => {
    const r = await receiver([
      { status: 200, holdMs: 1_500 },
      { status: 500 },
      { status: 429, headers: { "retry-after": "1" } },
      { status: 200 },
    ]);
    const d = delivery({ timeoutMs: 400 });
    const owner = await newUser();
    await endpoint(owner, r.url);
    const t = await trigger(owner);
    await s.db.transaction((tx) => d.queue.enqueue(tx, [request(owner, t)]));
    d.start();
    await until(async () => (await deliveriesOf(owner))[0]?.status === "delivered", 15_000);

    expect(r.accepted()).toHaveLength(1);
    expect(r.received).toHaveLength(4);
    const secret = await d.webhooks.secret(owner);
    for (const req of r.received) {
      expect(req.headers["x-gulfpulse-event-id"]).toBe(t);
      expect(JSON.parse(req.body)).toMatchObject({ id: t, symbol: "BTC", price: 101 });
      expect(verifyGulfPulse(secret, req.body, req.headers["x-gulfpulse-signature"] as string)).toBe(true);
      expect(req.headers["x-gulfpulse-signature"]).toContain(`t=${req.headers["x-gulfpulse-timestamp"]},v1=`);
    }
    // The documented checks refuse a changed body, another secret and an old replay.
    const first = r.received[0]!;
    const header = first.headers["x-gulfpulse-signature"] as string;
    expect(verifyGulfPulse(secret, first.body.replace("101", "102"), header)).toBe(false);
    expect(verifyGulfPulse(`${secret}x`, first.body, header)).toBe(false);
    const t0 = Number(first.headers["x-gulfpulse-timestamp"]);
    expect(verifyGulfPulse(secret, first.body, header, t0 + 301)).toBe(false);
    expect(verifyGulfPulse(secret, first.body, header, t0 + 299)).toBe(true);

    const [row] = await deliveriesOf(owner);
    const attempts = await attemptsOf(row!.id);
    expect(attempts.map((a) => a.statusCode)).toEqual([null, 500, 429, 200]);
    expect(attempts[0]!.error).toMatch(/timed out/);
    expect(row!.attempts).toBe(4);
    // Retry-After: 1 was honoured although the backoff alone would have been ~160 ms.
    expect(attempts[3]!.attemptedAt.getTime() - attempts[2]!.attemptedAt.getTime()).toBeGreaterThanOrEqual(
      950,
    );
    const [tr] = await s.db.select().from(alertTriggers).where(eq(alertTriggers.id, t));
    expect(tr!.channels).toMatchObject({ webhook: "delivered" });
  });

  it("fails at once on a 4xx other than 408/425/429 and on a removed endpoint; gives up after the last attempt", async () => {
    const refusing = await receiver([{ status: 410 }]);
    const failing = await receiver([{ status: 503 }]);
    const d = delivery();
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    await endpoint(a, refusing.url);
    await endpoint(b, failing.url);
    const removed = await endpoint(c, "http://127.0.0.1:9/removed");
    const [ta, tb, tc] = [await trigger(a), await trigger(b), await trigger(c)];
    await s.db.transaction((tx) => d.queue.enqueue(tx, [request(a, ta), request(b, tb), request(c, tc)]));
    await s.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, removed));
    d.start();
    await until(async () => {
      const rows = await Promise.all([a, b, c].map(deliveriesOf));
      return rows.every(([row]) => row?.status === "dead");
    }, 15_000);
    expect(refusing.received).toHaveLength(1);
    expect(failing.received).toHaveLength(FAST.maxAttempts);
    const [rc] = await deliveriesOf(c);
    expect(rc!.lastError).toMatch(/removed/);
    const [tra] = await s.db.select().from(alertTriggers).where(eq(alertTriggers.id, ta));
    expect(tra!.channels).toMatchObject({ webhook: "failed" });
  });

  it("a restart mid-retry loses nothing and sends nothing twice", async () => {
    const r = await receiver([{ status: 503 }, { status: 200 }]);
    const first = delivery();
    const owner = await newUser();
    await endpoint(owner, r.url);
    const t = await trigger(owner);
    await s.db.transaction((tx) => first.queue.enqueue(tx, [request(owner, t)]));
    first.start();
    await until(async () => (await deliveriesOf(owner))[0]?.attempts === 1 && r.received.length === 1);
    await first.stop();
    // A new process on the same database finds the pending retry and finishes it.
    const second = delivery();
    second.start();
    await until(async () => (await deliveriesOf(owner))[0]?.status === "delivered", 10_000);
    expect(r.received.map((x) => x.headers["x-gulfpulse-event-id"])).toEqual([t, t]);
    expect(r.accepted()).toHaveLength(1);
    expect((await attemptsOf((await deliveriesOf(owner))[0]!.id)).map((a) => a.statusCode)).toEqual([
      503, 200,
    ]);
  });

  it("a worker that died holding a row loses it when the lease ends; its late answer changes nothing", async () => {
    // The first request hangs (the worker holding it is as good as dead); the retry is answered.
    const r = await receiver([{ status: 200, holdMs: 3_000 }, { status: 200 }]);
    const stuck = delivery({ timeoutMs: 10_000, leaseMs: 300 });
    const owner = await newUser();
    await endpoint(owner, r.url);
    const t = await trigger(owner);
    await s.db.transaction((tx) => stuck.queue.enqueue(tx, [request(owner, t)]));
    const held = stuck.worker.drain();
    await until(() => r.received.length === 1);
    const other = delivery({ leaseMs: 300 });
    await until(async () => {
      await other.worker.drain();
      return (await deliveriesOf(owner))[0]?.status === "delivered";
    }, 10_000);
    await held; // the stuck worker's request is answered now, after the row was reclaimed
    const [row] = await deliveriesOf(owner);
    expect(row!.status).toBe("delivered");
    expect(row!.attempts).toBe(2);
    // Only the attempt that still held the lease is logged; both requests carried one event id.
    expect(await attemptsOf(row!.id)).toHaveLength(1);
    expect(new Set(r.received.map((x) => x.headers["x-gulfpulse-event-id"]))).toEqual(new Set([t]));
  });

  it("two workers on one database never deliver a row twice", async () => {
    const r = await receiver((n) => ({ status: n % 7 === 3 ? 500 : 200 }));
    const [w1, w2] = [delivery(), delivery()];
    const users = [await newUser(), await newUser(), await newUser(), await newUser()];
    for (const u of users) await endpoint(u, r.url);
    const requests: DeliveryRequest[] = [];
    for (let i = 0; i < 100; i++) requests.push(request(users[i % users.length]!, null));
    await s.settings.set(limitKey("webhooksPerMinute"), 1_000);
    await s.db.transaction((tx) => w1.queue.enqueue(tx, requests));
    w1.start();
    w2.start();
    await until(async () => {
      const rows = await s.db
        .select({ n: sql<number>`count(*)::int` })
        .from(alertDeliveries)
        .where(and(sql`${alertDeliveries.userId} in ${users}`, eq(alertDeliveries.status, "delivered")));
      return rows[0]!.n === 100;
    }, 20_000);
    const acceptedIds = r.accepted().map((x) => x.headers["x-gulfpulse-event-id"]);
    expect(acceptedIds).toHaveLength(100);
    expect(new Set(acceptedIds).size).toBe(100);
    await s.settings.set(limitKey("webhooksPerMinute"), 30);
  });
});

describe("address guard and pace", () => {
  it("refuses private and plain-http addresses when not allowed, when saving and when sending", async () => {
    const r = await receiver();
    const d = delivery({ allowPrivate: false });
    const owner = await newUser();
    for (const [url, message] of [
      ["http://example.com/hook", "Webhook URLs must start with https://"],
      [
        "https://127.0.0.1/hook",
        "Webhook addresses on private, loopback or link-local networks are not allowed.",
      ],
      [
        "https://[::1]/hook",
        "Webhook addresses on private, loopback or link-local networks are not allowed.",
      ],
      [
        "https://169.254.169.254/latest",
        "Webhook addresses on private, loopback or link-local networks are not allowed.",
      ],
      [
        "https://localhost/hook",
        "Webhook addresses on private, loopback or link-local networks are not allowed.",
      ],
      // IPv6 forms that carry a private IPv4 address (compatible, SIIT, NAT64 local use, 6to4).
      ...[
        "[::127.0.0.1]",
        "[::ffff:0:127.0.0.1]",
        "[64:ff9b:1::a00:1]",
        "[2002:a00:1::]",
        "[64:ff9b::a9fe:a9fe]",
      ].map(
        (host) =>
          [
            `https://${host}/hook`,
            "Webhook addresses on private, loopback or link-local networks are not allowed.",
          ] as const,
      ),
      ["https://user:secret@hooks.example.com/in", "Webhook URLs must not contain a user name or password."],
    ] as const) {
      await expect(d.webhooks.add(owner, { url, label: "" }), url).rejects.toThrow(message);
    }
    expect(await d.webhooks.list(owner)).toEqual([]);
    // Credentials are refused even where private addresses are allowed.
    await expect(
      delivery().webhooks.add(owner, { url: `${r.url.replace("//", "//user:secret@")}`, label: "" }),
    ).rejects.toThrow("Webhook URLs must not contain a user name or password.");
    expect(await d.webhooks.list(owner)).toEqual([]);
    // Saved while allowed (or before a name pointed inside), refused when connecting.
    await endpoint(owner, r.url);
    const t = await trigger(owner);
    await s.db.transaction((tx) => d.queue.enqueue(tx, [request(owner, t)]));
    await d.worker.drain();
    const [row] = await deliveriesOf(owner);
    expect(row!.status).toBe("dead");
    expect(row!.lastError).toMatch(/private network/);
    expect(r.received).toHaveLength(0);
  });

  it("over the user's pace, deliveries wait (none dropped) and a test send is refused", async () => {
    const r = await receiver();
    const d = delivery();
    const owner = await newUser();
    const id = await endpoint(owner, r.url);
    await s.settings.set(limitKey("webhooksPerMinute"), 2);
    try {
      const ts = [await trigger(owner), await trigger(owner), await trigger(owner)];
      await s.db.transaction((tx) =>
        d.queue.enqueue(
          tx,
          ts.map((t) => request(owner, t)),
        ),
      );
      await d.worker.drain();
      const rows = await deliveriesOf(owner);
      expect(rows.filter((x) => x.status === "delivered")).toHaveLength(2);
      const waiting = rows.find((x) => x.status === "pending")!;
      expect(waiting.attempts).toBe(0);
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 1_000);
      expect(r.received).toHaveLength(2);
      await expect(d.webhooks.sendTest(owner, id)).rejects.toThrow(/Too many webhook deliveries this minute/);
    } finally {
      await s.settings.set(limitKey("webhooksPerMinute"), 30);
    }
  });

  it("send test goes through the queue to the chosen endpoint, signed; another user's endpoint is not found", async () => {
    const r = await receiver();
    const d = delivery();
    const [owner, other] = [await newUser(), await newUser()];
    const id = await endpoint(owner, r.url);
    await expect(d.webhooks.sendTest(other, id)).rejects.toThrow("Webhook not found");
    const { eventId } = await d.webhooks.sendTest(owner, id);
    await d.worker.drain();
    expect(r.accepted()).toHaveLength(1);
    const body = JSON.parse(r.received[0]!.body);
    expect(body).toMatchObject({ id: eventId, type: "test" });
    const secret = await d.webhooks.secret(owner);
    expect(
      verifyGulfPulse(secret, r.received[0]!.body, r.received[0]!.headers["x-gulfpulse-signature"] as string),
    ).toBe(true);
    const rotated = await d.webhooks.rotateSecret(owner);
    expect(rotated).not.toBe(secret);
    expect(await d.webhooks.secret(owner)).toBe(rotated);
    expect((await d.webhooks.list(owner))[0]!.lastDelivery).toMatchObject({
      status: "delivered",
      statusCode: 200,
    });
  });
});

describe("retention", () => {
  it("deletes finished deliveries older than the log keeps, never pending ones", async () => {
    const owner = await newUser();
    const id = await endpoint(owner, "http://127.0.0.1:9/old");
    const old = sql`now() - interval '91 days'`;
    await s.db.insert(alertDeliveries).values([
      {
        userId: owner,
        eventId: crypto.randomUUID(),
        channel: "webhook",
        target: id,
        payload: {},
        status: "delivered",
        createdAt: old,
      },
      {
        userId: owner,
        eventId: crypto.randomUUID(),
        channel: "webhook",
        target: id,
        payload: {},
        status: "dead",
        createdAt: old,
      },
      {
        userId: owner,
        eventId: crypto.randomUUID(),
        channel: "webhook",
        target: id,
        payload: {},
        status: "pending",
        createdAt: old,
      },
      {
        userId: owner,
        eventId: crypto.randomUUID(),
        channel: "webhook",
        target: id,
        payload: {},
        status: "delivered",
      },
    ]);
    expect(await purgeOldDeliveries(s.db)).toBe(2);
    expect((await deliveriesOf(owner)).map((d) => d.status).sort()).toEqual(["delivered", "pending"]);
  });
});
