import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ALERT_MESSAGES } from "#common/alert-schema";
import { alertNotifications, mailOutbox, priceAlerts, user } from "../db/schema";
import type { Scheduler } from "../jobs/scheduler";
import type { Market } from "../market/service";
import { openSse } from "../market/testing/sse-client";
import { createSseHub } from "../realtime/sse-hub";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createAlerts } from "./service";
import { scriptedProvider, stubJobs } from "./testing/scripted-market";
import type { Alerts } from "./types";

let s: Services;
let market: Market;
let provider: ReturnType<typeof scriptedProvider>;
/** The web process users talk to (not the job leader: jobs are off in tests). */
let alerts: Alerts;
/** The job leader's alerts service, evaluating every tick. */
let leader: Alerts;

/** Another process's alerts service on the same database and bus (with its own browsers). */
async function process(isLeader: boolean) {
  const other = createAlerts({
    db: s.db,
    bus: s.bus,
    sse: createSseHub({ log: s.log, resolveUserId: async () => null }),
    outbox: s.outbox,
    jobs: stubJobs(isLeader),
    log: s.log,
    publicUrl: "http://localhost:3000",
    market,
  });
  await other.start();
  return other;
}

const evaluators: Alerts[] = [];

/** One market tick with these prices, applied everywhere, and every evaluation finished. */
async function tick(prices: Record<string, number>) {
  provider.set(prices);
  const applied = new Promise<void>((resolve) => {
    const off = market.onTick((changed) => {
      const symbols = Object.keys(prices);
      if (symbols.length > 0 && !changed.some((q) => symbols.includes(q.symbol))) return;
      off();
      resolve();
    });
  });
  await market.tick(Date.now());
  await applied;
  for (const e of [leader, ...evaluators]) await e.evaluator.idle();
}

beforeAll(async () => {
  provider = scriptedProvider();
  // The market runs on the scripted provider as if it led the jobs (the test drives its ticks).
  s = await createTestServices({}, { market: { provider, jobs: stubJobs(true) } });
  market = s.market;
  alerts = s.alerts;
  leader = await process(true);
  await tick({}); // the first tick publishes the whole snapshot
});
afterAll(async () => {
  await leader.stop();
  await s.close();
});

let users = 0;
async function makeUser(name = "u") {
  const id = `${name}-${++users}`;
  await s.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}

/** Creates through the web process and waits until the leader's index has it (bus event). */
async function armed(userId: string, input: Parameters<Alerts["create"]>[1]) {
  const a = await alerts.create(userId, input);
  await vi.waitFor(() => expect(leader.index.has(a.id)).toBe(true));
  return a;
}

const rowOf = async (id: string) => (await s.db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0]!;
const notificationsOf = (userId: string) =>
  s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, userId));

describe("creating alerts", () => {
  it("resolves the symbol from the catalogue, stores it upper case with the current price", async () => {
    const u = await makeUser();
    await tick({ TASI: 11_000 });
    const a = await alerts.create(u, { symbol: " tasi ", alertType: "above", targetValue: 11_500 });
    expect(a).toMatchObject({
      symbol: "TASI",
      alertType: "above",
      targetValue: 11_500,
      currentValue: 11_000,
      status: "active",
      frequency: "once",
    });
    const b = await alerts.create(u, { symbol: "dirham", alertType: "below", targetValue: 3.123456789 });
    expect(b).toMatchObject({ symbol: "USD/AED", targetValue: 3.123457 }); // step 0.000001
    expect((await alerts.list(u)).map((x) => x.id)).toEqual([b.id, a.id]); // newest first
  });

  it("refuses an unknown symbol with a clear message", async () => {
    const u = await makeUser();
    await expect(
      alerts.create(u, { symbol: "NOPE", alertType: "above", targetValue: 1 }),
    ).rejects.toMatchObject({
      code: "bad_request:alert_symbol",
      message: expect.stringContaining('Unknown symbol "NOPE"'),
    });
    expect(await alerts.list(u)).toEqual([]);
  });

  it("enforces target > 0 and percent in (0, 100] with their messages", async () => {
    const u = await makeUser();
    const bad: Array<[Parameters<Alerts["create"]>[1], string]> = [
      [{ symbol: "TASI", alertType: "above", targetValue: 0 }, ALERT_MESSAGES.targetPositive],
      [{ symbol: "TASI", alertType: "below", targetValue: -5 }, ALERT_MESSAGES.targetPositive],
      [{ symbol: "TASI", alertType: "above", targetValue: 0.0000001 }, ALERT_MESSAGES.targetPositive],
      [{ symbol: "TASI", alertType: "above", targetValue: Number.NaN }, ALERT_MESSAGES.targetNumber],
      [{ symbol: "TASI", alertType: "change_percent", targetValue: 0 }, ALERT_MESSAGES.percentRange],
      [{ symbol: "TASI", alertType: "change_percent", targetValue: 100.5 }, ALERT_MESSAGES.percentRange],
    ];
    for (const [input, message] of bad) {
      await expect(alerts.create(u, input)).rejects.toMatchObject({ status: 400, message });
    }
    expect(await alerts.list(u)).toEqual([]);
    await alerts.create(u, { symbol: "TASI", alertType: "change_percent", targetValue: 100 });
    expect(await alerts.list(u)).toHaveLength(1);
  });

  it("allows at most 100 alerts per user, even when created concurrently", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const attempts = Array.from({ length: 104 }, (_, i) =>
      alerts.create(u, { symbol: "ETH", alertType: "above", targetValue: 100_000 + i }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        code: "conflict:alert_limit",
        status: 409,
        message: ALERT_MESSAGES.limit,
      });
    }
    expect(await alerts.list(u)).toHaveLength(100);
    // The limit is per user, and deleting makes room again.
    await alerts.create(other, { symbol: "ETH", alertType: "above", targetValue: 100_000 });
    await alerts.remove(u, (await alerts.list(u))[0]!.id);
    await alerts.create(u, { symbol: "ETH", alertType: "above", targetValue: 100_000 });
  });
});

describe("evaluation on market ticks", () => {
  it("above fires at price >= target and not before, once, with a clear notification", async () => {
    const u = await makeUser();
    await tick({ GOLD: 4_000 });
    const a = await armed(u, { symbol: "GOLD", alertType: "above", targetValue: 4_100.5 });
    await tick({ GOLD: 4_100.49 });
    expect((await rowOf(a.id)).status).toBe("active");
    await tick({ GOLD: 4_100.5 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 4_100.5 });
    const [n] = await notificationsOf(u);
    expect(n!.title).toBe("GOLD rose above 4,100.50");
    expect(n!.message).toBe(
      "Your alert for GOLD when the price goes above 4,100.50 was triggered: the price reached 4,100.50.",
    );
    await tick({ GOLD: 4_300 });
    expect(await notificationsOf(u)).toHaveLength(1);
  });

  it("below fires at price <= target and not before", async () => {
    const u = await makeUser();
    await tick({ "USD/AED": 3.6725 });
    const a = await armed(u, { symbol: "USD/AED", alertType: "below", targetValue: 3.65 });
    await tick({ "USD/AED": 3.6501 });
    expect((await rowOf(a.id)).status).toBe("active");
    await tick({ "USD/AED": 3.6499 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 3.6499 });
    const [n] = await notificationsOf(u);
    expect(n!.title).toBe("USD/AED fell below 3.6500");
    expect(n!.message).toContain("reached 3.6499");
  });

  it("change % fires when |price − base| / base × 100 ≥ target, either way, and not before", async () => {
    const u = await makeUser();
    await tick({ BRENT: 80 });
    const up = await armed(u, { symbol: "BRENT", alertType: "change_percent", targetValue: 2.5 });
    const down = await armed(u, { symbol: "BRENT", alertType: "change_percent", targetValue: 10 });
    expect(up.currentValue).toBe(80);
    await tick({ BRENT: 81.99 });
    await tick({ BRENT: 78.01 });
    expect((await rowOf(up.id)).status).toBe("active");
    await tick({ BRENT: 82 }); // +2.5 % exactly
    expect(await rowOf(up.id)).toMatchObject({ status: "triggered", triggeredPrice: 82 });
    expect((await rowOf(down.id)).status).toBe("active");
    await tick({ BRENT: 72.01 });
    expect((await rowOf(down.id)).status).toBe("active");
    await tick({ BRENT: 72 }); // −10 % exactly
    expect(await rowOf(down.id)).toMatchObject({ status: "triggered", triggeredPrice: 72 });
    const titles = (await notificationsOf(u)).map((n) => n.title).sort();
    expect(titles).toEqual(["BRENT moved +2.50%", "BRENT moved −10.00%"]);
    const [n] = (await notificationsOf(u)).filter((x) => x.alertId === up.id);
    expect(n!.message).toBe(
      "Your alert for BRENT when the price changes by 2.5% was triggered: the price reached 82.00 (from 80.00).",
    );
  });

  it("triggers exactly once when two evaluators race on the same tick", async () => {
    const u = await makeUser();
    await tick({ QSI: 10_500 });
    const created = [];
    for (let i = 0; i < 25; i++)
      created.push(await armed(u, { symbol: "QSI", alertType: "below", targetValue: 10_000 + i }));
    // A second process that also believes it leads (a leadership hand-over overlapping a tick).
    const rival = await process(true);
    evaluators.push(rival);
    expect(created.every((a) => rival.index.has(a.id))).toBe(true);
    await tick({ QSI: 9_000 });
    // And both evaluating directly at once, on separate connections under PostgreSQL.
    const more: typeof created = [];
    for (let i = 0; i < 25; i++)
      more.push(await armed(u, { symbol: "QSI", alertType: "above", targetValue: 9_500 + i }));
    await vi.waitFor(() => expect(more.every((a) => rival.index.has(a.id))).toBe(true));
    const [mine, theirs] = await Promise.all([
      leader.evaluator.evaluate([{ symbol: "QSI", price: 9_600 }]),
      rival.evaluator.evaluate([{ symbol: "QSI", price: 9_600 }]),
    ]);
    evaluators.pop();
    await rival.stop();
    expect(mine.length + theirs.length).toBe(25);
    const notes = await notificationsOf(u);
    expect(notes).toHaveLength(50);
    expect(new Set(notes.map((n) => n.alertId)).size).toBe(50);
  });

  it("switching a triggered alert off and on re-arms it", async () => {
    const u = await makeUser();
    await tick({ DFMGI: 5_600 });
    const a = await armed(u, { symbol: "DFMGI", alertType: "above", targetValue: 5_650 });
    await tick({ DFMGI: 5_700 });
    expect((await alerts.list(u))[0]).toMatchObject({ status: "triggered" });
    const off = await alerts.setActive(u, a.id, false);
    expect(off).toMatchObject({ status: "paused" });
    await vi.waitFor(() => expect(leader.index.has(a.id)).toBe(false));
    await tick({ DFMGI: 5_600 }); // back under the target: re-armed, it waits for the next rise
    const on = await alerts.setActive(u, a.id, true);
    expect(on).toMatchObject({ status: "active" });
    await vi.waitFor(() => expect(leader.index.has(a.id)).toBe(true));
    await tick({ DFMGI: 5_710 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 5_710 });
    expect(await notificationsOf(u)).toHaveLength(2);
  });

  it("an inactive alert does not fire; a re-armed change % alert measures from the price now", async () => {
    const u = await makeUser();
    await tick({ WTI: 60 });
    const a = await armed(u, { symbol: "WTI", alertType: "below", targetValue: 50 });
    await alerts.setActive(u, a.id, false);
    await vi.waitFor(() => expect(leader.index.has(a.id)).toBe(false));
    await tick({ WTI: 40 });
    expect((await rowOf(a.id)).status).toBe("paused");

    await tick({ WTI: 100 });
    const c = await armed(u, { symbol: "WTI", alertType: "change_percent", targetValue: 10 });
    await tick({ WTI: 111 });
    expect((await rowOf(c.id)).status).toBe("triggered");
    await alerts.setActive(u, c.id, false);
    const rearmed = await alerts.setActive(u, c.id, true);
    expect(rearmed.currentValue).toBe(111);
    await vi.waitFor(() => expect(leader.index.has(c.id)).toBe(true));
    await tick({ WTI: 112 });
    expect((await rowOf(c.id)).status).toBe("active");
    await tick({ WTI: 125 });
    expect((await rowOf(c.id)).status).toBe("triggered");
  });

  it("processes that do not lead the jobs never evaluate", async () => {
    const u = await makeUser();
    await tick({ BHSEASI: 1_900 });
    const follower = await process(false);
    const a = await alerts.create(u, { symbol: "BHSEASI", alertType: "above", targetValue: 1_950 });
    await vi.waitFor(() => expect(follower.index.has(a.id)).toBe(true));
    await leader.stop(); // no leader for this tick
    await tick({ BHSEASI: 2_000 });
    await follower.evaluator.idle();
    expect((await rowOf(a.id)).status).toBe("active");
    expect(follower.index.has(a.id)).toBe(true);
    await follower.stop();
    leader = await process(true);
    await tick({ BHSEASI: 2_001 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 2_001 });
  });

  it("queues one email per trigger when the user chose email notifications", async () => {
    const u = await makeUser("mail");
    const quiet = await makeUser();
    await tick({ MSX30: 5_400 });
    const a = await armed(u, { symbol: "MSX30", alertType: "below", targetValue: 5_300, notifyEmail: true });
    await armed(quiet, { symbol: "MSX30", alertType: "below", targetValue: 5_300 });
    await tick({ MSX30: 5_299 });
    const triggeredAt = (await rowOf(a.id)).triggeredAt!;
    const mailsTo = (id: string) =>
      s.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, `${id}@example.com`));
    const mails = await mailsTo(u);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      idempotencyKey: `alert:${a.id}:${triggeredAt.toISOString()}`,
      kind: "alert-triggered",
      subject: "Price alert triggered: MSX30",
    });
    expect(mails[0]!.text).toContain("MSX30 is now at 5,299.");
    expect(mails[0]!.text).toContain("Price goes below 5,300.");
    expect(await mailsTo(quiet)).toHaveLength(0);
  });

  it("writes an Arabic user's notification and mail in Arabic, right to left", async () => {
    const u = await makeUser("arabic");
    await s.users.setLocale(u, "ar");
    const english = await makeUser("english");
    await tick({ MSX30: 5_400 });
    const a = await armed(u, { symbol: "MSX30", alertType: "above", targetValue: 5_450, notifyEmail: true });
    await armed(english, { symbol: "MSX30", alertType: "above", targetValue: 5_450, notifyEmail: true });
    await tick({ MSX30: 5_460.5 });
    await vi.waitFor(async () => expect((await rowOf(a.id)).status).toBe("triggered"));
    const [note] = await notificationsOf(u);
    expect(note).toMatchObject({
      title: "ارتفع MSX30 فوق 5,450.00",
      message: "تحقق تنبيهك لـ MSX30 عند ارتفاع السعر فوق 5,450.00: بلغ السعر 5,460.50.",
    });
    const [mail] = await s.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `${u}@example.com`));
    expect(mail!.subject).toBe("تحقق تنبيه السعر: MSX30");
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.text).toContain("يبلغ سعر MSX30 الآن 5,460.5.");
    expect(mail!.text).toContain("تنبيهك: ارتفاع السعر فوق 5,450.");
    expect(mail!.text).toContain("http://localhost:3000/ar/price-alerts");
    // The English user's stay exactly as before.
    const [enNote] = await notificationsOf(english);
    expect(enNote!.title).toBe("MSX30 rose above 5,450.00");
    const [enMail] = await s.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `${english}@example.com`));
    expect(enMail!.subject).toBe("Price alert triggered: MSX30");
    expect(enMail!.text).toContain("Price goes above 5,450.");
    expect(enMail!.html).toContain('<html lang="en" dir="ltr">');
  });
});

describe("a new or re-armed alert is judged against the last price at once", () => {
  it("a below alert made while the price is already below fires at once, without a tick", async () => {
    const u = await makeUser();
    await tick({ "1120": 75 });
    const a = await alerts.create(u, { symbol: "1120", alertType: "below", targetValue: 80 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 75 });
    const [n] = await notificationsOf(u);
    expect(n!.title).toBe("1120 fell below 80.00");
    // Recorded once: the next tick at the same level finds nothing armed.
    await tick({ "1120": 74 });
    expect(await notificationsOf(u)).toHaveLength(1);
    expect(leader.index.has(a.id)).toBe(false);
  });

  it("a paused alert re-armed, or an edited one, fires at once when its level holds", async () => {
    const u = await makeUser();
    await tick({ "2222": 30 });
    const a = await alerts.create(u, { symbol: "2222", alertType: "above", targetValue: 31 });
    await alerts.setActive(u, a.id, false);
    await tick({ "2222": 32 }); // paused: nothing
    expect((await rowOf(a.id)).status).toBe("paused");
    await alerts.setActive(u, a.id, true);
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 32 });

    const b = await alerts.create(u, { symbol: "2222", alertType: "above", targetValue: 40 });
    expect((await rowOf(b.id)).status).toBe("active");
    await alerts.update(u, b.id, { symbol: "2222", alertType: "below", targetValue: 33 });
    expect(await rowOf(b.id)).toMatchObject({ status: "triggered", triggeredPrice: 32 });
  });

  it("a crossing made beyond its target, or a level that does not hold, waits for the ticks", async () => {
    const u = await makeUser();
    await tick({ EMAAR: 40 });
    const crossing = await alerts.create(u, { symbol: "EMAAR", alertType: "crossing_down", targetValue: 45 });
    const above = await alerts.create(u, { symbol: "EMAAR", alertType: "above", targetValue: 41 });
    expect((await rowOf(crossing.id)).status).toBe("active");
    expect((await rowOf(above.id)).status).toBe("active");
    await vi.waitFor(() => expect(leader.index.has(above.id)).toBe(true));
    await tick({ EMAAR: 41 });
    expect((await rowOf(above.id)).status).toBe("triggered");
    expect((await rowOf(crossing.id)).status).toBe("active");
  });

  it("never judges a new alert on a stale last quote", async () => {
    const u = await makeUser();
    provider.label("QNBK", { source: "yahoo", freshness: "stale" });
    await tick({ QNBK: 20 });
    expect(market.quote("QNBK")?.freshness).toBe("stale");
    const a = await alerts.create(u, { symbol: "QNBK", alertType: "below", targetValue: 25 });
    expect((await rowOf(a.id)).status).toBe("active");
    expect(await notificationsOf(u)).toHaveLength(0);
    provider.label("QNBK", undefined);
  });
});

describe("realtime delivery and index sync across processes", () => {
  let server: Server;
  let streamUrl: string;
  beforeAll(async () => {
    const app = express();
    s.sse.mount(app);
    server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    streamUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/stream`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  async function signedIn(name: string) {
    const email = `${name}-${++users}@example.com`;
    await s.auth.api.signUpEmail({ body: { email, password: "secret123", name } });
    await s.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const res = await s.auth.api.signInEmail({ body: { email, password: "secret123" }, asResponse: true });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [{ id }] = await s.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { id: id!, cookie };
  }

  it("sends a triggered alert to every open tab of its user, and to no one else", async () => {
    const alice = await signedIn("alice");
    const bob = await signedIn("bob");
    const tabs = [openSse(streamUrl, { cookie: alice.cookie }), openSse(streamUrl, { cookie: alice.cookie })];
    const bobTab = openSse(streamUrl, { cookie: bob.cookie });
    const anonymous = openSse(streamUrl);
    await Promise.all([...tabs, bobTab, anonymous].map((t) => t.next((e) => e.event === "market")));
    await tick({ FADGI: 10_000 });
    const a = await armed(alice.id, { symbol: "FADGI", alertType: "above", targetValue: 10_100 });
    await tick({ FADGI: 10_150 });
    for (const tab of tabs) {
      const ev = await tab.next((e) => e.event === "notification");
      expect(ev.data).toMatchObject({ alertId: a.id, symbol: "FADGI", title: "FADGI rose above 10,100.00" });
    }
    await alerts.markAllRead(alice.id);
    for (const tab of tabs) await tab.next((e) => e.event === "notifications-read");
    // Once per tab: the process holding the streams sends it, the evaluating one does not.
    for (const tab of tabs) expect(tab.events.filter((e) => e.event === "notification")).toHaveLength(1);
    expect(bobTab.events.some((e) => e.event === "notification")).toBe(false);
    expect(anonymous.events.some((e) => e.event === "notification")).toBe(false);
    for (const t of [...tabs, bobTab, anonymous]) t.close();
  });

  it("create, toggle and delete reach another process's index; a trigger drops it everywhere", async () => {
    const u = await makeUser();
    const other = await process(false);
    await tick({ ASEGI: 2_500 });
    const a = await alerts.create(u, { symbol: "ASEGI", alertType: "above", targetValue: 2_600 });
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(true));
    await alerts.setActive(u, a.id, false);
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(false));
    await alerts.setActive(u, a.id, true);
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(true));
    await alerts.remove(u, a.id);
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(false));
    const b = await armed(u, { symbol: "ASEGI", alertType: "above", targetValue: 2_600 });
    await vi.waitFor(() => expect(other.index.has(b.id)).toBe(true));
    await tick({ ASEGI: 2_650 });
    await vi.waitFor(() => expect(other.index.has(b.id)).toBe(false));
    expect(leader.index.has(b.id)).toBe(false);
    await other.stop();
  });

  it("rebuilds the index from the database on start", async () => {
    const u = await makeUser();
    const a = await alerts.create(u, { symbol: "BKP", alertType: "above", targetValue: 99_999 });
    const off = await alerts.create(u, { symbol: "BKP", alertType: "above", targetValue: 99_999 });
    await alerts.setActive(u, off.id, false);
    const fresh = await process(false);
    expect(fresh.index.has(a.id)).toBe(true);
    expect(fresh.index.has(off.id)).toBe(false);
    await fresh.stop();
  });

  it("the periodic resync keeps what changed while it was loading", async () => {
    const u = await makeUser();
    const jobs: Array<{ name: string; run(): Promise<void> }> = [];
    const other = createAlerts({
      db: s.db,
      bus: s.bus,
      sse: createSseHub({ log: s.log, resolveUserId: async () => null }),
      outbox: s.outbox,
      jobs: {
        register: (j: (typeof jobs)[number]) => jobs.push(j),
        isLeader: () => false,
      } as unknown as Scheduler,
      log: s.log,
      publicUrl: "http://localhost:3000",
      market,
    });
    await other.start();
    const resync = jobs.find((j) => j.name === "alerts-index-resync")!;
    const gone = await armed(u, { symbol: "BKP", alertType: "below", targetValue: 1 });
    await vi.waitFor(() => expect(other.index.has(gone.id)).toBe(true));
    // Changes land while the resync reads the database, before or after its snapshot.
    const running = resync.run();
    const [added] = await Promise.all([
      alerts.create(u, { symbol: "BKP", alertType: "below", targetValue: 2 }),
      alerts.remove(u, gone.id),
    ]);
    await running;
    await vi.waitFor(() => expect(other.index.has(added!.id)).toBe(true));
    await vi.waitFor(() => expect(other.index.has(gone.id)).toBe(false));
    await other.stop();
  });
});

describe("notifications", () => {
  it("lists the 20 newest, counts unread, marks one and all read", async () => {
    const u = await makeUser();
    await tick({ "USD/SAR": 3.75 });
    for (let i = 0; i < 22; i++)
      await armed(u, { symbol: "USD/SAR", alertType: "above", targetValue: 3.76 + i / 1000 });
    for (let i = 0; i < 22; i++) await tick({ "USD/SAR": 3.76 + i / 1000 });
    const list = await alerts.notifications(u);
    expect(list).toHaveLength(20);
    expect(list[0]!.title).toBe("USD/SAR rose above 3.7810"); // newest first
    expect(await alerts.unreadCount(u)).toBe(22);
    await alerts.markRead(u, list[0]!.id);
    expect(await alerts.unreadCount(u)).toBe(21);
    expect((await alerts.notifications(u))[0]!.isRead).toBe(true);
    expect(await alerts.markAllRead(u)).toBe(21);
    expect(await alerts.unreadCount(u)).toBe(0);
    expect(await alerts.markAllRead(u)).toBe(0);
  });
});

describe("every query is scoped by the user's id", () => {
  it("user B cannot list, toggle, delete or mark read user A's rows", async () => {
    const a = await makeUser("alice");
    const b = await makeUser("bob");
    await tick({ ETH: 3_200 });
    const alert = await armed(a, { symbol: "ETH", alertType: "below", targetValue: 3_000 });
    const other = await armed(a, { symbol: "ETH", alertType: "below", targetValue: 3_100 });
    await tick({ ETH: 3_050 });
    const [n] = await alerts.notifications(a);
    expect(n).toBeDefined();

    expect(await alerts.list(b)).toEqual([]);
    expect(await alerts.notifications(b)).toEqual([]);
    expect(await alerts.unreadCount(b)).toBe(0);

    await expect(alerts.setActive(b, alert.id, false)).rejects.toMatchObject({ code: "not_found:alert" });
    await expect(alerts.setActive(b, other.id, true)).rejects.toMatchObject({ code: "not_found:alert" });
    expect(await rowOf(alert.id)).toMatchObject({ status: "active" });
    expect(await rowOf(other.id)).toMatchObject({ status: "triggered" }); // not re-armed

    await expect(alerts.remove(b, alert.id)).rejects.toMatchObject({ code: "not_found:alert" });
    expect(await rowOf(alert.id)).toBeDefined();
    expect(leader.index.has(alert.id)).toBe(true);

    await expect(alerts.markRead(b, n!.id)).rejects.toMatchObject({ code: "not_found:notification" });
    expect(await alerts.markAllRead(b)).toBe(0);
    expect(await alerts.unreadCount(a)).toBe(1);

    // Malformed ids are simply not found.
    await expect(alerts.remove(b, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    await expect(alerts.markRead(b, "1; drop table")).rejects.toMatchObject({ status: 404 });
  });
});
