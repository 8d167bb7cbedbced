import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ALERT_MESSAGES } from "#common/alert-schema";
import { alertNotifications, alertTriggers, priceAlerts, user, webhookEndpoints } from "../db/schema";
import type { DeliveryRequest } from "../delivery/types";
import type { Market } from "../market/service";
import { createSseHub } from "../realtime/sse-hub";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createAlerts } from "./service";
import { scriptedProvider, stubJobs } from "./testing/scripted-market";
import type { Alerts } from "./types";

// Crossings, windows, frequencies, expiry, editing and the trigger history, through the real
// market feed and database, with the evaluating process on a clock the test moves.

let s: Services;
let market: Market;
let provider: ReturnType<typeof scriptedProvider>;
let alerts: Alerts;
let leader: Alerts;
/** Milliseconds the evaluating processes' clock runs ahead of the real one. */
let ahead = 0;
/** When set, the evaluating processes' clock stands still at this time. */
let frozen: number | null = null;
const clock = () => frozen ?? Date.now() + ahead;
const deliveries: DeliveryRequest[] = [];

async function process(isLeader: boolean) {
  const p = createAlerts({
    db: s.db,
    bus: s.bus,
    sse: createSseHub({ log: s.log, resolveUserId: async () => null }),
    outbox: s.outbox,
    jobs: stubJobs(isLeader),
    log: s.log,
    publicUrl: "http://localhost:3000",
    market,
    settings: s.settings,
    deliveries: {
      async enqueue(_tx, requests) {
        deliveries.push(...requests);
      },
    },
    now: clock,
  });
  await p.start();
  return p;
}

const others: Alerts[] = [];
async function tick(prices: Record<string, number>) {
  provider.set(prices);
  const applied = new Promise<void>((resolve) => {
    const off = market.onTick((changed) => {
      if (Object.keys(prices).length > 0 && !changed.some((q) => q.symbol in prices)) return;
      off();
      resolve();
    });
  });
  await market.tick(Date.now());
  await applied;
  for (const p of [leader, ...others]) await p.evaluator.idle();
}

beforeAll(async () => {
  provider = scriptedProvider();
  s = await createTestServices({}, { market: { provider, jobs: stubJobs(true) } });
  market = s.market;
  alerts = s.alerts;
  leader = await process(true);
  await tick({});
});
afterAll(async () => {
  await leader.stop();
  await s.close();
});
afterEach(() => {
  ahead = 0;
  frozen = null;
});

let users = 0;
async function makeUser() {
  const id = `rules-${++users}`;
  await s.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}
async function armed(userId: string, input: Parameters<Alerts["create"]>[1]) {
  const a = await alerts.create(userId, input);
  await vi.waitFor(() => expect(leader.index.has(a.id)).toBe(true));
  return a;
}
const rowOf = async (id: string) => (await s.db.select().from(priceAlerts).where(eq(priceAlerts.id, id)))[0]!;
const firedCount = async (alertId: string) =>
  (await s.db.select().from(alertTriggers).where(eq(alertTriggers.alertId, alertId))).length;

describe("crossing up / down", () => {
  it("fires once per crossing, not while the price stays beyond; 'once' then shows Triggered", async () => {
    const u = await makeUser();
    await tick({ GOLD: 4_000 });
    const a = await armed(u, { symbol: "GOLD", alertType: "crossing_up", targetValue: 4_100 });
    await tick({ GOLD: 4_099.99 });
    expect(await firedCount(a.id)).toBe(0);
    await tick({ GOLD: 4_100 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 4_100 });
    await tick({ GOLD: 4_000 });
    await tick({ GOLD: 4_200 });
    expect(await firedCount(a.id)).toBe(1);
    const [n] = await s.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, a.id));
    expect(n!.title).toBe("GOLD crossed above 4,100.00");
  });

  it("an alert made with the price already beyond its target waits for a real crossing", async () => {
    const u = await makeUser();
    await tick({ WTI: 50 });
    const a = await armed(u, { symbol: "WTI", alertType: "crossing_down", targetValue: 60 });
    await tick({ WTI: 49 });
    expect(await firedCount(a.id)).toBe(0);
    await tick({ WTI: 61 });
    await tick({ WTI: 59.5 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 59.5 });
  });

  it("'every' fires again after crossing back and again, never within its cooldown", async () => {
    const u = await makeUser();
    await tick({ BRENT: 80 });
    const a = await armed(u, {
      symbol: "BRENT",
      alertType: "crossing_up",
      targetValue: 81,
      frequency: "every",
      cooldownSeconds: 60,
    });
    await tick({ BRENT: 81.5 });
    expect(await rowOf(a.id)).toMatchObject({ status: "active", triggeredPrice: 81.5 });
    ahead = 120_000;
    await tick({ BRENT: 82 }); // stays above: no crossing
    expect(await firedCount(a.id)).toBe(1);
    await tick({ BRENT: 80.5 });
    await tick({ BRENT: 81.2 }); // crosses again, two minutes later
    expect(await firedCount(a.id)).toBe(2);
    await tick({ BRENT: 80.5 });
    await tick({ BRENT: 81.3 }); // a third crossing inside the cooldown: nothing
    expect(await firedCount(a.id)).toBe(2);
    ahead = 181_000;
    await tick({ BRENT: 80.5 });
    await tick({ BRENT: 81.4 });
    expect(await firedCount(a.id)).toBe(3);
    expect((await rowOf(a.id)).triggeredPrice).toBe(81.4);
  });

  it("a process that does not evaluate keeps a fired 'every' alert resting until its cooldown ends", async () => {
    const u = await makeUser();
    const follower = await process(false);
    others.push(follower);
    try {
      await tick({ BKP: 100 });
      const a = await armed(u, {
        symbol: "BKP",
        alertType: "above",
        targetValue: 101,
        frequency: "every",
        cooldownSeconds: 90,
      });
      await vi.waitFor(() => expect(follower.index.has(a.id)).toBe(true));
      await tick({ BKP: 102 });
      const firedAt = (await rowOf(a.id)).triggeredAt!.getTime();
      await vi.waitFor(() => expect(follower.index.get(a.id)?.wakeAt).toBe(firedAt + 90_000));
      expect(leader.index.get(a.id)?.wakeAt).toBe(firedAt + 90_000);
      // It fires again after the cooldown: the follower follows the new rest, not the old one.
      ahead = 100_000;
      await tick({ BKP: 103 });
      const again = (await rowOf(a.id)).triggeredAt!.getTime();
      expect(again).toBeGreaterThan(firedAt);
      await vi.waitFor(() => expect(follower.index.get(a.id)?.wakeAt).toBe(again + 90_000));
    } finally {
      others.pop();
      await follower.stop();
    }
  });
});

describe("moves N % within a window", () => {
  it("compares with the price the window's length ago", async () => {
    const u = await makeUser();
    // Ahead of every clock the earlier tests used: a price ring ignores samples older than its newest.
    const t0 = Date.now() + 3 * 86_400_000;
    // The price stood at 5,000 for the ten minutes before (the step from its earlier level is
    // not what this test is about).
    frozen = t0 - 10 * 60_000;
    await tick({ DFMGI: 5_000 });
    frozen = t0;
    await tick({ DFMGI: 5_000.5 });
    const a = await armed(u, { symbol: "DFMGI", alertType: "move_window", targetValue: 2, windowMinutes: 5 });
    frozen = t0 + 3 * 60_000;
    await tick({ DFMGI: 5_080 }); // +1.6 %
    frozen = t0 + 6 * 60_000;
    await tick({ DFMGI: 5_090 }); // 5 minutes ago it was 5,000: +1.8 %
    expect(await firedCount(a.id)).toBe(0);
    frozen = t0 + 8.5 * 60_000;
    await tick({ DFMGI: 4_970 }); // 5 minutes ago (3.5 in) it was 5,080: −2.17 %
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 4_970 });
    const [n] = await s.db.select().from(alertNotifications).where(eq(alertNotifications.alertId, a.id));
    expect(n!.title).toBe("DFMGI moved −2.17% in 5 minutes");
  });
});

describe("frequency: once a trading day", () => {
  it("fires at most once per Tadawul trading day and re-arms on the next one", async () => {
    const u = await makeUser();
    // Tuesday 24 November 2026, 10:00 in Riyadh; Thursday is the week's last session.
    const tuesday = Date.parse("2026-11-24T07:00:00Z");
    frozen = tuesday;
    await tick({ TASI: 11_000 });
    const a = await armed(u, { symbol: "TASI", alertType: "above", targetValue: 11_100, frequency: "daily" });
    await tick({ TASI: 11_150 });
    expect(await rowOf(a.id)).toMatchObject({ status: "active", triggeredPrice: 11_150 });
    frozen = tuesday + 5 * 3_600_000;
    await tick({ TASI: 11_200 });
    expect(await firedCount(a.id)).toBe(1);
    // A second process that believes it leads, with the alert in its index: the database refuses.
    const rival = await process(true);
    await rival.evaluator.evaluate([{ symbol: "TASI", price: 11_210 }]);
    await rival.stop();
    expect(await firedCount(a.id)).toBe(1);
    frozen = tuesday + 24 * 3_600_000; // Wednesday
    await tick({ TASI: 11_250 });
    expect(await firedCount(a.id)).toBe(2);
    frozen = Date.parse("2026-11-26T08:00:00Z"); // Thursday
    await tick({ TASI: 11_260 });
    expect(await firedCount(a.id)).toBe(3);
    frozen = Date.parse("2026-11-27T08:00:00Z"); // Friday: still Thursday's trading day
    await tick({ TASI: 11_270 });
    expect(await firedCount(a.id)).toBe(3);
    frozen = Date.parse("2026-11-29T07:00:00Z"); // Sunday: a new trading day
    await tick({ TASI: 11_280 });
    expect(await firedCount(a.id)).toBe(4);
  });
});

describe("expiry", () => {
  it("an expired alert never fires: the evaluator or the expiry job marks it Expired", async () => {
    const u = await makeUser();
    await tick({ ETH: 3_000 });
    const soon = new Date(Date.now() + 3_600_000);
    const a = await armed(u, { symbol: "ETH", alertType: "above", targetValue: 3_100, expiresAt: soon });
    const b = await armed(u, { symbol: "ETH", alertType: "above", targetValue: 9_999, expiresAt: soon });
    ahead = 2 * 3_600_000;
    await tick({ ETH: 3_200 });
    expect(await rowOf(a.id)).toMatchObject({ status: "expired", triggeredAt: null });
    expect(await firedCount(a.id)).toBe(0);
    // b never came near its target: the job finds it.
    expect((await rowOf(b.id)).status).toBe("active");
    await s.db
      .update(priceAlerts)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(priceAlerts.id, b.id));
    expect(await alerts.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await rowOf(b.id)).status).toBe("expired");
    await vi.waitFor(() => expect(leader.index.has(b.id)).toBe(false));
  });
});

describe("the Error state", () => {
  it("an active row that cannot be evaluated is put in Error with its reason when the index loads", async () => {
    const u = await makeUser();
    const [row] = await s.db
      .insert(priceAlerts)
      .values({ userId: u, symbol: "GOLD", alertType: "change_percent", targetValue: 5, currentValue: null })
      .returning();
    const fresh = await process(false);
    await fresh.stop();
    expect(await rowOf(row!.id)).toMatchObject({
      status: "error",
      errorMessage: ALERT_MESSAGES.cannotEvaluate,
    });
    // Editing it sets it right again.
    await tick({ GOLD: 4_000 });
    const fixed = await alerts.update(u, row!.id, {
      symbol: "GOLD",
      alertType: "change_percent",
      targetValue: 5,
    });
    expect(fixed).toMatchObject({ status: "active", errorMessage: null, currentValue: 4_000 });
  });
});

describe("pause, resume, duplicate, edit", () => {
  it("pause stops it, resume re-arms it; duplicate copies every field; edit changes every field", async () => {
    const u = await makeUser();
    await tick({ FADGI: 10_000 });
    const a = await armed(u, {
      symbol: "FADGI",
      alertType: "above",
      targetValue: 10_100,
      frequency: "every",
      cooldownSeconds: 120,
      notifyEmail: true,
    });
    const paused = await alerts.setActive(u, a.id, false);
    expect(paused.status).toBe("paused");
    await vi.waitFor(() => expect(leader.index.has(a.id)).toBe(false));
    await tick({ FADGI: 10_200 });
    expect(await firedCount(a.id)).toBe(0);

    const copy = await alerts.duplicate(u, a.id);
    expect(copy.id).not.toBe(a.id);
    expect(copy).toMatchObject({
      symbol: "FADGI",
      alertType: "above",
      targetValue: 10_100,
      frequency: "every",
      cooldownSeconds: 120,
      notifyEmail: true,
      status: "active",
    });

    // Editing a paused alert keeps it paused.
    const edited = await alerts.update(u, a.id, {
      symbol: "QSI",
      alertType: "crossing_down",
      targetValue: 9_000,
      frequency: "once",
      notifyEmail: false,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(edited).toMatchObject({
      symbol: "QSI",
      alertType: "crossing_down",
      targetValue: 9_000,
      frequency: "once",
      cooldownSeconds: null,
      notifyEmail: false,
      status: "paused",
    });
    const resumed = await alerts.setActive(u, a.id, true);
    expect(resumed.status).toBe("active");
    await vi.waitFor(() => expect(leader.index.get(a.id)?.alertType).toBe("crossing_down"));
    await tick({ QSI: 9_500 });
    await tick({ QSI: 8_900 });
    expect(await rowOf(a.id)).toMatchObject({ status: "triggered", triggeredPrice: 8_900 });
    // Editing a triggered alert arms it again.
    const again = await alerts.update(u, a.id, { symbol: "QSI", alertType: "above", targetValue: 9_999 });
    expect(again.status).toBe("active");
  });

  it("another user can neither edit nor duplicate the alert", async () => {
    const owner = await makeUser();
    const intruder = await makeUser();
    const a = await alerts.create(owner, { symbol: "BTC", alertType: "above", targetValue: 999_999 });
    await expect(
      alerts.update(intruder, a.id, { symbol: "BTC", alertType: "below", targetValue: 1 }),
    ).rejects.toMatchObject({ code: "not_found:alert" });
    await expect(alerts.duplicate(intruder, a.id)).rejects.toMatchObject({ code: "not_found:alert" });
    expect(await rowOf(a.id)).toMatchObject({ alertType: "above", targetValue: 999_999 });
    expect(await alerts.list(intruder)).toEqual([]);
    expect(await alerts.history(intruder, { alertId: a.id })).toEqual([]);
  });
});

describe("bad input for the new fields", () => {
  it("refuses each with a clear message and changes nothing", async () => {
    const u = await makeUser();
    const other = await makeUser();
    const [theirs] = await s.db
      .insert(webhookEndpoints)
      .values({ userId: other, url: "https://example.com/hook" })
      .returning();
    const base = { symbol: "TASI", targetValue: 5 } as const;
    const bad: Array<[Parameters<Alerts["create"]>[1], string, string]> = [
      [{ ...base, alertType: "move_window" }, "windowMinutes", ALERT_MESSAGES.windowRequired],
      [
        { ...base, alertType: "move_window", windowMinutes: 7 },
        "windowMinutes",
        ALERT_MESSAGES.windowRequired,
      ],
      [
        { ...base, alertType: "move_window", windowMinutes: 60, targetValue: 150 },
        "targetValue",
        ALERT_MESSAGES.percentRange,
      ],
      [{ ...base, alertType: "above", frequency: "every" }, "cooldownSeconds", ALERT_MESSAGES.cooldownRange],
      [
        { ...base, alertType: "above", frequency: "every", cooldownSeconds: 59 },
        "cooldownSeconds",
        ALERT_MESSAGES.cooldownRange,
      ],
      [
        { ...base, alertType: "above", frequency: "every", cooldownSeconds: 90.5 },
        "cooldownSeconds",
        ALERT_MESSAGES.cooldownRange,
      ],
      [
        { ...base, alertType: "crossing_up", expiresAt: new Date(Date.now() - 60_000) },
        "expiresAt",
        ALERT_MESSAGES.expiryPast,
      ],
      [
        { ...base, alertType: "crossing_up", expiresAt: new Date(Number.NaN) },
        "expiresAt",
        ALERT_MESSAGES.expiryInvalid,
      ],
      [
        { ...base, alertType: "above", notifyWebhook: true, webhookId: theirs!.id },
        "webhookId",
        ALERT_MESSAGES.webhookUnknown,
      ],
      [{ ...base, alertType: "crossing_down", targetValue: 0 }, "targetValue", ALERT_MESSAGES.targetPositive],
    ];
    for (const [input, field, message] of bad) {
      await expect(alerts.create(u, input)).rejects.toMatchObject({
        status: 400,
        message,
        fields: { [field]: message },
      });
    }
    expect(await alerts.list(u)).toEqual([]);
    const ok = await alerts.create(u, {
      ...base,
      alertType: "above",
      frequency: "every",
      cooldownSeconds: 60,
    });
    for (const [input, , message] of bad) {
      await expect(alerts.update(u, ok.id, input)).rejects.toMatchObject({ status: 400, message });
    }
    expect(await rowOf(ok.id)).toMatchObject({ alertType: "above", targetValue: 5, cooldownSeconds: 60 });
  });

  it("the per-user cap comes from the admin setting, with its number in the message", async () => {
    const u = await makeUser();
    await s.settings.set("limits.alertsPerUser", 2);
    try {
      await alerts.create(u, { symbol: "BTC", alertType: "above", targetValue: 1e9 });
      await alerts.create(u, { symbol: "BTC", alertType: "above", targetValue: 1e9 });
      await expect(
        alerts.create(u, { symbol: "BTC", alertType: "above", targetValue: 1e9 }),
      ).rejects.toMatchObject({
        status: 409,
        message: "You can have at most 2 price alerts. Delete one to create another.",
      });
      const [first] = await alerts.list(u);
      await expect(alerts.duplicate(u, first!.id)).rejects.toMatchObject({ status: 409 });
      expect(await alerts.list(u)).toHaveLength(2);
    } finally {
      await s.settings.set("limits.alertsPerUser", 100);
    }
  });
});

describe("trigger history and channels", () => {
  it("every trigger writes a history row with the condition, price, texts and channel outcomes", async () => {
    const u = await makeUser();
    const [hook] = await s.db
      .insert(webhookEndpoints)
      .values({ userId: u, url: "https://example.com/u" })
      .returning();
    await tick({ MSX30: 5_400 });
    deliveries.length = 0;
    const plain = await armed(u, { symbol: "MSX30", alertType: "below", targetValue: 5_300 });
    const loud = await armed(u, {
      symbol: "MSX30",
      alertType: "below",
      targetValue: 5_350,
      notifyEmail: true,
      notifyPush: true,
      notifyWebhook: true,
      webhookId: hook!.id,
    });
    await tick({ MSX30: 5_340 });
    expect(deliveries).toHaveLength(1);
    await tick({ MSX30: 5_290 });
    expect(deliveries).toHaveLength(1); // the plain alert asked for neither: nothing queued

    const history = await alerts.history(u);
    expect(history.map((h) => h.alertId)).toEqual([plain.id, loud.id]); // newest first
    expect(history[1]).toMatchObject({
      symbol: "MSX30",
      price: 5_340,
      condition: { type: "below", target: 5_350, frequency: "once" },
      title: "MSX30 fell below 5,350.00",
      channels: { inApp: "delivered", email: "queued", push: "queued", webhook: "queued" },
    });
    expect(history[0]!.channels).toEqual({ inApp: "delivered", email: "off", push: "off", webhook: "off" });
    expect((await alerts.history(u, { alertId: loud.id })).map((h) => h.id)).toEqual([history[1]!.id]);

    // The event id every channel sends is the history row's id; the notification links to it.
    const [request] = deliveries;
    expect(request).toMatchObject({
      userId: u,
      eventId: history[1]!.id,
      triggerId: history[1]!.id,
      push: true,
      webhook: true,
      webhookId: hook!.id,
      payload: {
        type: "alert.triggered",
        alert: { id: loud.id, symbol: "MSX30", condition: "below", target: 5_350, frequency: "once" },
        price: 5_340,
        url: `http://localhost:3000/price-alerts?tab=history&alert=${loud.id}`,
      },
    });
    const [note] = await s.db
      .select()
      .from(alertNotifications)
      .where(and(eq(alertNotifications.userId, u), eq(alertNotifications.alertId, loud.id)));
    expect(note!.triggerId).toBe(history[1]!.id);
  });
});
