import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ALERT_MESSAGES } from "../../common/alert-schema";
import { alertNotifications, mailOutbox, priceAlerts, user } from "../db/schema";
import type { Scheduler } from "../jobs/scheduler";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createFakeMarket } from "./fake-market";
import { createAlerts } from "./service";
import type { PriceAlerts } from "./types";

let s: Services;
let alerts: PriceAlerts;
let market: ReturnType<typeof createFakeMarket>;

beforeAll(async () => {
  s = await createTestServices();
  market = createFakeMarket([
    { symbol: "TASI", name: "Tadawul All Share", price: 11_000 },
    { symbol: "USD/AED", name: "US Dollar / UAE Dirham", price: 3.6725 },
    { symbol: "BRENT", name: "Brent Crude", price: 65 },
  ]);
  s.market = market;
  alerts = s.priceAlerts!;
});
afterAll(() => s.close());

let users = 0;
async function makeUser(name = "u") {
  const id = `${name}-${++users}`;
  await s.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}

/** A second "process": its own index and evaluator on the same database and bus. */
async function secondProcess(leader = true) {
  const jobs = { register() {}, isLeader: () => leader } as unknown as Scheduler;
  const other = createAlerts({
    db: s.db,
    bus: s.bus,
    sse: s.sse,
    outbox: s.outbox,
    jobs,
    log: s.log,
    publicUrl: "http://localhost:3000",
    market: () => market,
  });
  await other.start();
  return other;
}

const at = (symbol: string, price: number) => [{ symbol, price }];
/** The events of these alerts only (other tests' alerts on the same symbol may fire too). */
const of = <T extends { alertId: string | null }>(events: T[], ...created: Array<{ id: string }>) =>
  events.filter((e) => created.some((c) => c.id === e.alertId));
const rowOf = async (id: string) => (await s.db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0]!;
const notificationsOf = (userId: string) =>
  s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, userId));

describe("creating alerts", () => {
  it("resolves the symbol from the catalogue, stores it upper case with the current price", async () => {
    const u = await makeUser();
    const a = await alerts.create(u, { symbol: " tasi ", alertType: "above", targetValue: 11_500 });
    expect(a).toMatchObject({
      symbol: "TASI",
      alertType: "above",
      targetValue: 11_500,
      currentValue: 11_000,
      isActive: true,
      isTriggered: false,
    });
    const b = await alerts.create(u, { symbol: "usd/aed", alertType: "below", targetValue: 3.123456789 });
    expect(b.targetValue).toBe(3.123457); // step 0.000001
    expect((await alerts.list(u)).map((x) => x.id)).toEqual([b.id, a.id]); // newest first
    expect(alerts.index.has(a.id) && alerts.index.has(b.id)).toBe(true);
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
    const bad: Array<[Parameters<PriceAlerts["create"]>[1], string]> = [
      [{ symbol: "TASI", alertType: "above", targetValue: 0 }, ALERT_MESSAGES.targetPositive],
      [{ symbol: "TASI", alertType: "below", targetValue: -5 }, ALERT_MESSAGES.targetPositive],
      [{ symbol: "TASI", alertType: "above", targetValue: Number.NaN }, ALERT_MESSAGES.targetNumber],
      [{ symbol: "TASI", alertType: "change_percent", targetValue: 0 }, ALERT_MESSAGES.percentRange],
      [{ symbol: "TASI", alertType: "change_percent", targetValue: 100.5 }, ALERT_MESSAGES.percentRange],
    ];
    for (const [input, message] of bad) {
      await expect(alerts.create(u, input)).rejects.toMatchObject({ status: 400, message });
    }
    expect(await alerts.list(u)).toEqual([]);
    await alerts.create(u, { symbol: "TASI", alertType: "change_percent", targetValue: 100 });
  });

  it("allows at most 100 alerts per user, even when created concurrently", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const attempts = Array.from({ length: 104 }, (_, i) =>
      alerts.create(u, { symbol: "BRENT", alertType: "above", targetValue: 100 + i }),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(100);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(4);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      code: "conflict:alert_limit",
      message: ALERT_MESSAGES.limit,
    });
    expect(await alerts.list(u)).toHaveLength(100);
    // The limit is per user.
    const extra = await alerts.create(other, { symbol: "BRENT", alertType: "above", targetValue: 100 });
    // Out of the way of the evaluation tests below.
    for (const a of await alerts.list(u)) await alerts.remove(u, a.id);
    await alerts.remove(other, extra.id);
  });
});

describe("evaluation", () => {
  it("above fires at price >= target and not before, once, with a clear notification", async () => {
    const u = await makeUser();
    const a = await alerts.create(u, { symbol: "TASI", alertType: "above", targetValue: 11_200.5 });
    expect(await alerts.evaluator.evaluate(at("TASI", 11_200.49))).toEqual([]);
    expect((await rowOf(a.id)).isTriggered).toBe(false);
    const [n] = await alerts.evaluator.evaluate(at("TASI", 11_200.5));
    expect(n).toMatchObject({ alertId: a.id, symbol: "TASI", isRead: false });
    expect(n!.title).toBe("TASI rose above 11,200.50");
    expect(n!.message).toContain("above 11,200.50");
    expect(n!.message).toContain("reached 11,200.50");
    const row = await rowOf(a.id);
    expect(row).toMatchObject({ isTriggered: true, isActive: true, triggeredPrice: 11_200.5 });
    expect(of(await alerts.evaluator.evaluate(at("TASI", 12_000)), a)).toEqual([]);
    expect(await notificationsOf(u)).toHaveLength(1);
  });

  it("below fires at price <= target and not before", async () => {
    const u = await makeUser();
    const a = await alerts.create(u, { symbol: "USD/AED", alertType: "below", targetValue: 3.65 });
    expect(await alerts.evaluator.evaluate(at("USD/AED", 3.6501))).toEqual([]);
    const [n] = await alerts.evaluator.evaluate(at("USD/AED", 3.6499));
    expect(n!.alertId).toBe(a.id);
    expect(n!.title).toContain("USD/AED fell below 3.65");
    expect(n!.message).toContain("reached 3.65");
  });

  it("change % fires when |price − base| / base ≥ target, either way, and not before", async () => {
    const u = await makeUser();
    market.tick({ BRENT: 80 });
    const up = await alerts.create(u, { symbol: "BRENT", alertType: "change_percent", targetValue: 2.5 });
    const down = await alerts.create(u, { symbol: "BRENT", alertType: "change_percent", targetValue: 2.5 });
    expect(up.currentValue).toBe(80);
    expect(await alerts.evaluator.evaluate(at("BRENT", 81.99))).toEqual([]);
    expect(await alerts.evaluator.evaluate(at("BRENT", 78.01))).toEqual([]);
    const fired = await alerts.evaluator.evaluate(at("BRENT", 82));
    expect(fired.map((n) => n.alertId).sort()).toEqual([up.id, down.id].sort());
    expect(fired[0]!.title).toBe("BRENT moved +2.50%");
    expect(fired[0]!.message).toContain("changes by 2.5%");
    expect(fired[0]!.message).toContain("reached 82.00 (from 80.00)");

    const third = await alerts.create(u, { symbol: "BRENT", alertType: "change_percent", targetValue: 10 });
    expect(await alerts.evaluator.evaluate(at("BRENT", 72.01))).toEqual([]);
    expect((await alerts.evaluator.evaluate(at("BRENT", 72))).map((n) => n.alertId)).toEqual([third.id]);
  });

  it("triggers exactly once when two evaluators race", async () => {
    const u = await makeUser();
    const created = [];
    for (let i = 0; i < 30; i++) {
      created.push(await alerts.create(u, { symbol: "TASI", alertType: "below", targetValue: 10_000 + i }));
    }
    const other = await secondProcess();
    expect(created.every((a) => other.index.has(a.id))).toBe(true);
    const [mine, theirs] = await Promise.all([
      alerts.evaluator.evaluate(at("TASI", 9_000)),
      other.evaluator.evaluate(at("TASI", 9_000)),
    ]);
    other.stop();
    expect(of(mine, ...created).length + of(theirs, ...created).length).toBe(30);
    const ids = of([...mine, ...theirs], ...created).map((n) => n.alertId);
    expect(new Set(ids).size).toBe(30);
    expect(await notificationsOf(u)).toHaveLength(30);
  });

  it("switching a triggered alert off and on re-arms it", async () => {
    const u = await makeUser();
    const a = await alerts.create(u, { symbol: "TASI", alertType: "above", targetValue: 11_100 });
    await alerts.evaluator.evaluate(at("TASI", 11_150));
    expect((await alerts.list(u))[0]).toMatchObject({ isTriggered: true });
    // Still triggered and not evaluated while off.
    const off = await alerts.setActive(u, a.id, false);
    expect(off).toMatchObject({ isActive: false, isTriggered: true });
    expect(alerts.index.has(a.id)).toBe(false);
    const on = await alerts.setActive(u, a.id, true);
    expect(on).toMatchObject({ isActive: true, isTriggered: false });
    expect(alerts.index.has(a.id)).toBe(true);
    await alerts.evaluator.evaluate(at("TASI", 11_160));
    expect(await notificationsOf(u)).toHaveLength(2);
  });

  it("an inactive alert does not fire; a re-armed change % alert measures from the price now", async () => {
    const u = await makeUser();
    const a = await alerts.create(u, { symbol: "BRENT", alertType: "below", targetValue: 50 });
    await alerts.setActive(u, a.id, false);
    expect(await alerts.evaluator.evaluate(at("BRENT", 40))).toEqual([]);
    expect((await rowOf(a.id)).isTriggered).toBe(false);

    market.tick({ BRENT: 100 });
    const c = await alerts.create(u, { symbol: "BRENT", alertType: "change_percent", targetValue: 10 });
    await alerts.evaluator.evaluate(at("BRENT", 111));
    market.tick({ BRENT: 111 });
    await alerts.setActive(u, c.id, false);
    const rearmed = await alerts.setActive(u, c.id, true);
    expect(rearmed.currentValue).toBe(111);
    expect(await alerts.evaluator.evaluate(at("BRENT", 112))).toEqual([]);
    expect(of(await alerts.evaluator.evaluate(at("BRENT", 122.2)), c).map((n) => n.alertId)).toEqual([c.id]);
  });

  it("evaluates on market ticks on the job leader only", async () => {
    const u = await makeUser();
    const follower = await secondProcess(false);
    const a = await alerts.create(u, { symbol: "USD/AED", alertType: "above", targetValue: 4 });
    await vi.waitFor(() => expect(follower.index.has(a.id)).toBe(true));
    // This process is not the leader in tests (jobs off): neither evaluates.
    market.tick({ "USD/AED": 4.5 });
    await alerts.evaluator.idle();
    await follower.evaluator.idle();
    expect((await rowOf(a.id)).isTriggered).toBe(false);
    follower.stop();
    const leader = await secondProcess(true);
    market.tick({ "USD/AED": 4.6 });
    await leader.evaluator.idle();
    leader.stop();
    expect(await rowOf(a.id)).toMatchObject({ isTriggered: true, triggeredPrice: 4.6 });
  });

  it("queues one email per trigger when the user chose email notifications", async () => {
    const u = await makeUser("mail");
    const quiet = await makeUser();
    const a = await alerts.create(u, {
      symbol: "TASI",
      alertType: "below",
      targetValue: 8_000,
      notifyEmail: true,
    });
    await alerts.create(quiet, { symbol: "TASI", alertType: "below", targetValue: 8_000 });
    const fired = await alerts.evaluator.evaluate(at("TASI", 7_999));
    expect(of(fired, a)).toHaveLength(1);
    const triggeredAt = (await rowOf(a.id)).triggeredAt!;
    const mails = await s.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `${u}@example.com`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      idempotencyKey: `alert:${a.id}:${triggeredAt.toISOString()}`,
      kind: "alert-triggered",
      subject: "Price alert triggered: TASI",
    });
    expect(mails[0]!.text).toContain("TASI is now at 7,999.");
    expect(mails[0]!.text).toContain("Price goes below 8,000.");
    const quietMails = await s.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `${quiet}@example.com`));
    expect(quietMails).toHaveLength(0);
  });
});

describe("realtime delivery and index sync across processes", () => {
  it("sends each notification to the user's open tabs over the bus", async () => {
    const u = await makeUser();
    const send = vi.spyOn(s.sse, "sendToUser");
    const a = await alerts.create(u, { symbol: "BRENT", alertType: "above", targetValue: 500 });
    const [n] = of(await alerts.evaluator.evaluate(at("BRENT", 501)), a);
    await vi.waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        u,
        "notification",
        expect.objectContaining({ id: n!.id, alertId: a.id }),
      ),
    );
    send.mockRestore();
  });

  it("create, toggle and delete reach another process's index", async () => {
    const u = await makeUser();
    const other = await secondProcess(false);
    const a = await alerts.create(u, { symbol: "TASI", alertType: "above", targetValue: 20_000 });
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(true));
    await alerts.setActive(u, a.id, false);
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(false));
    await alerts.setActive(u, a.id, true);
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(true));
    await alerts.remove(u, a.id);
    await vi.waitFor(() => expect(other.index.has(a.id)).toBe(false));
    // A trigger recorded by one process drops the alert from the others' indexes too.
    const b = await alerts.create(u, { symbol: "TASI", alertType: "above", targetValue: 20_000 });
    await vi.waitFor(() => expect(other.index.has(b.id)).toBe(true));
    await alerts.evaluator.evaluate(at("TASI", 20_001));
    await vi.waitFor(() => expect(other.index.has(b.id)).toBe(false));
    other.stop();
  });

  it("rebuilds the index from the database on start", async () => {
    const u = await makeUser();
    const a = await alerts.create(u, { symbol: "TASI", alertType: "above", targetValue: 30_000 });
    const off = await alerts.create(u, { symbol: "TASI", alertType: "above", targetValue: 30_000 });
    await alerts.setActive(u, off.id, false);
    const fresh = await secondProcess(false);
    expect(fresh.index.has(a.id)).toBe(true);
    expect(fresh.index.has(off.id)).toBe(false);
    fresh.stop();
  });
});

describe("notifications", () => {
  it("lists the 20 newest, counts unread, marks one and all read", async () => {
    const u = await makeUser();
    for (let i = 0; i < 22; i++) {
      await alerts.create(u, { symbol: "USD/AED", alertType: "above", targetValue: 10 + i });
      await alerts.evaluator.evaluate(at("USD/AED", 10 + i));
    }
    const list = await alerts.notifications(u);
    expect(list).toHaveLength(20);
    expect(list[0]!.title).toBe("USD/AED rose above 31.00");
    expect(await alerts.unreadCount(u)).toBe(22);
    const send = vi.spyOn(s.sse, "sendToUser");
    await alerts.markRead(u, list[0]!.id);
    expect(await alerts.unreadCount(u)).toBe(21);
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith(u, "notifications-read", expect.anything()));
    expect(await alerts.markAllRead(u)).toBe(21);
    expect(await alerts.unreadCount(u)).toBe(0);
    expect(await alerts.markAllRead(u)).toBe(0);
    send.mockRestore();
  });
});

describe("every query is scoped by the user's id", () => {
  it("user B cannot list, toggle, delete or mark read user A's rows", async () => {
    const a = await makeUser("alice");
    const b = await makeUser("bob");
    const alert = await alerts.create(a, { symbol: "TASI", alertType: "above", targetValue: 50_000 });
    const low = await alerts.create(a, { symbol: "TASI", alertType: "below", targetValue: 1 });
    const [n] = of(await alerts.evaluator.evaluate(at("TASI", 0.5)), low);

    expect(await alerts.list(b)).toEqual([]);
    expect(await alerts.notifications(b)).toEqual([]);
    expect(await alerts.unreadCount(b)).toBe(0);

    await expect(alerts.setActive(b, alert.id, false)).rejects.toMatchObject({ code: "not_found:alert" });
    expect(await rowOf(alert.id)).toMatchObject({ isActive: true });

    await expect(alerts.remove(b, alert.id)).rejects.toMatchObject({ code: "not_found:alert" });
    expect(await rowOf(alert.id)).toBeDefined();
    expect(alerts.index.has(alert.id)).toBe(true);

    await expect(alerts.markRead(b, n!.id)).rejects.toMatchObject({ code: "not_found:notification" });
    expect(await alerts.markAllRead(b)).toBe(0);
    expect(await alerts.unreadCount(a)).toBe(1);

    // Malformed ids are simply not found.
    await expect(alerts.remove(b, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    await expect(alerts.markRead(b, "1; drop table")).rejects.toMatchObject({ status: 404 });
  });
});
