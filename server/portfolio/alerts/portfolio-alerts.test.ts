import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedProvider, stubJobs } from "../../alerts/testing/scripted-market";
import { ALERT_TOPICS } from "../../alerts/topics";
import {
  alertDeliveries,
  alertNotifications,
  alertTriggers,
  mailOutbox,
  user,
  webhookEndpoints,
} from "../../db/schema";
import type { Services } from "../../services";
import { createTestServices } from "../../testing/test-services";
import type { PortfolioSnapshot } from "../engine/types";
import { crossings } from "./rules";

let s: Services;
let provider: ReturnType<typeof scriptedProvider>;

async function tick(prices: Record<string, number>) {
  provider.set(prices);
  const applied = new Promise<void>((resolve) => {
    const off = s.market.onTick((changed) => {
      if (!changed.some((q) => q.symbol in prices)) return;
      off();
      resolve();
    });
  });
  await s.market.tick(Date.now());
  await applied;
}
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  provider = scriptedProvider();
  s = await createTestServices({}, { market: { provider, jobs: stubJobs(true) } });
  await tick({ "2222": 25 });
});
afterAll(() => s?.close());

describe("a holding beyond N % of the portfolio", () => {
  it("fires once per crossing per day through the bell, push and webhook queue and mail", async () => {
    const id = "pa-ar";
    await s.db
      .insert(user)
      .values({ id, name: "A", email: "pa@example.com", emailVerified: true, locale: "ar" });
    await s.db
      .insert(webhookEndpoints)
      .values({ userId: id, url: "https://hooks.example.com/pa", isDefault: true });
    const p = await s.portfolios.create(id, { name: "Tadawul", baseCurrency: "SAR" });
    await s.portfolios.addActivity(id, p.id, {
      type: "buy",
      date: daysAgo(3),
      symbol: "2222",
      quantity: 100,
      unitPrice: 25,
    });
    await s.portfolios.addActivity(id, p.id, {
      type: "buy",
      date: daysAgo(3),
      symbol: "1120",
      quantity: 10,
      unitPrice: 90,
    });
    await s.portfolios.addAlert(id, p.id, { kind: "weight", threshold: 60, notifyEmail: true });
    const announced: unknown[] = [];
    const off = s.bus.subscribe(ALERT_TOPICS.notify, (msg) => void announced.push(msg));

    // 2222 at 25 × 100 = 2,500 of 2,500 + 1120's 10 × its price: under 60 % while 1120 is near 96.5.
    await tick({ "2222": 25, "1120": 200 });
    expect(await s.portfolios.evaluateAlerts(["2222"])).toBe(0);
    // 2222 at 60 × 100 = 6,000 against 1120's 10 × 200 = 2,000: 75 % of the portfolio.
    await tick({ "2222": 60 });
    expect(await s.portfolios.evaluateAlerts(["2222"])).toBe(1);
    // The same crossing again on the same day: nothing more.
    await tick({ "2222": 61 });
    expect(await s.portfolios.evaluateAlerts(["2222"])).toBe(0);
    // A symbol the portfolio does not trade never reaches it.
    expect(await s.portfolios.evaluateAlerts(["BTC"])).toBe(0);

    const [bell] = await s.db.select().from(alertNotifications).where(eq(alertNotifications.userId, id));
    expect(bell!.title).toBe("Tadawul: حصة تتجاوز 60%");
    expect(bell!.message).toContain("2222");
    const [history] = await s.db
      .select()
      .from(alertTriggers)
      .where(and(eq(alertTriggers.userId, id), eq(alertTriggers.source, "portfolio_alert")));
    expect(history!.channels).toMatchObject({ inApp: "delivered", email: "queued", webhook: "queued" });
    const hooks = await s.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, id));
    expect(hooks.map((d) => [d.channel, d.payload.type])).toEqual([["webhook", "portfolio.alert"]]);
    const mails = await s.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "pa@example.com"));
    expect(mails.map((m) => m.subject)).toEqual(["Tadawul: حصة تتجاوز 60%"]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    off();
    expect(announced.length).toBeGreaterThanOrEqual(1);
    expect((await s.portfolios.alerts(id, p.id))[0]!.firedOn).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe("the day's move beyond N %", () => {
  const snap = (todayChangePercent: number | null) =>
    ({ totals: { todayChangePercent }, holdings: [] }) as unknown as PortfolioSnapshot;
  it("holds for a rise or a fall of at least N % (the engine's fractions read as percent)", () => {
    expect(crossings("day-move", 3, snap(0.031))).toMatchObject({ keys: ["day"] });
    expect(crossings("day-move", 3, snap(-0.05))).toMatchObject({ keys: ["day"], dayPercent: -5 });
    expect(crossings("day-move", 3, snap(0.029))).toBeNull();
    expect(crossings("day-move", 3, snap(null))).toBeNull();
  });
});
