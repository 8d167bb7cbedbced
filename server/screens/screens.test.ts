import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OverviewRow } from "#common/market-overview";
import { parseScreenerQuery } from "#common/screener";
import type { NotificationEvent } from "../alerts/types";
import {
  alertDeliveries,
  alertNotifications,
  alertTriggers,
  mailOutbox,
  savedScreens,
  webhookEndpoints,
} from "../db/schema";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { createScreenEvaluator } from "./evaluator";
import { diffMembership, SCREEN_DEBOUNCE_MS } from "./membership";

// Sunday 22 November 2026, 12:30 in Riyadh: Tadawul trades.
let now = Date.parse("2026-11-22T09:30:00Z");
let s: Services;
let owner = "";
let other = "";

beforeAll(async () => {
  s = await createTestServices({}, { market: { clock: () => now } });
  await s.market.tick(now);
  await s.overview.ready();
  owner = await signUpVerified(s, "screens-owner@example.com", "Owner");
  other = await signUpVerified(s, "screens-other@example.com", "Other");
}, 500_000);
afterAll(async () => {
  await s?.close();
});

const TADAWUL_UP = "exchange=TADAWUL&changePercentMin=2";
const q = (raw: string) => {
  const p = parseScreenerQuery(new URLSearchParams(raw));
  if (!p.ok) throw new Error(p.error);
  return p.query;
};
const row = (
  symbol: string,
  changePercent: number | null,
  extra: Partial<OverviewRow> = {},
): OverviewRow => ({
  symbol,
  name: symbol,
  nameAr: symbol,
  exchange: "TADAWUL",
  market: "TADAWUL",
  sector: "Banks",
  price: 10,
  changePercent,
  volume: 1000,
  valueTraded: 10_000,
  marketCap: null,
  high52w: null,
  low52w: null,
  freshness: "live",
  source: "test",
  volumeSimulated: false,
  range52wSimulated: false,
  newHigh: false,
  newLow: false,
  lastUpdate: new Date(0).toISOString(),
  ...extra,
});

describe("saved screens, scoped by their owner", () => {
  it("saves, lists, renames and deletes a reader's own screens; another reader sees and touches none", async () => {
    const saved = await s.screens.create(owner, {
      name: "Tadawul up",
      query: TADAWUL_UP,
      alerts: true,
      notifyEmail: false,
    });
    expect(saved).toMatchObject({ name: "Tadawul up", query: TADAWUL_UP, alerts: true });
    // Its membership is every Tadawul company up 2% or more now, whatever the page size.
    const inIt = s.overview.rows().filter((r) => r.exchange === "TADAWUL" && (r.changePercent ?? -1) >= 2);
    expect(saved.memberCount).toBe(inIt.length);

    expect((await s.screens.list(owner)).map((x) => x.name)).toEqual(["Tadawul up"]);
    expect(await s.screens.list(other)).toEqual([]);
    await expect(s.screens.update(other, saved.id, { name: "Mine now" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(s.screens.remove(other, saved.id)).rejects.toMatchObject({ status: 404 });
    await expect(s.screens.update(owner, "not-a-uuid", { name: "x" })).rejects.toMatchObject({ status: 404 });

    const renamed = await s.screens.update(owner, saved.id, { name: "Saudi movers", notifyEmail: true });
    expect(renamed).toMatchObject({ name: "Saudi movers", notifyEmail: true });
    await s.screens.create(owner, {
      name: "Banks",
      query: "sector=Banks",
      alerts: false,
      notifyEmail: false,
    });
    await expect(s.screens.update(owner, saved.id, { name: "Banks" })).rejects.toMatchObject({ status: 409 });

    await s.screens.remove(owner, saved.id);
    expect((await s.screens.list(owner)).map((x) => x.name)).toEqual(["Banks"]);
    const rows = await s.db.select().from(savedScreens).where(eq(savedScreens.userId, owner));
    expect(rows).toHaveLength(1);
  });

  it("announces, on a tick, the companies that moved into a screen since its membership was last told", async () => {
    const screen = await s.screens.create(other, {
      name: "Saudi banks",
      query: "exchange=TADAWUL&sector=Banks",
      alerts: true,
      notifyEmail: false,
    });
    const banks = s.overview.rows().filter((r) => r.exchange === "TADAWUL" && r.sector === "Banks");
    expect(screen.memberCount).toBe(banks.length);
    // As if none were in it when last told: the next tick's changed banks enter.
    await s.db.update(savedScreens).set({ members: [] }).where(eq(savedScreens.id, screen.id));
    await s.screens.update(other, screen.id, { alerts: true });
    now += 15_000;
    await s.market.tick(now);
    await s.screens.idle();
    const notices = await s.db.select().from(alertTriggers).where(eq(alertTriggers.userId, other));
    expect(notices.length).toBeGreaterThan(0);
    const bankSymbols = new Set(banks.map((b) => b.symbol));
    for (const n of notices) {
      expect(n.source).toBe("screen");
      expect(bankSymbols.has(n.symbol!)).toBe(true);
      expect(n.title).toMatch(/ entered your screen “Saudi banks”$/);
    }
    await s.screens.remove(other, screen.id);
  });

  it("refuses a screen with an unknown sector or a bad filter, writing nothing", async () => {
    const before = await s.screens.list(owner);
    await expect(
      s.screens.create(owner, { name: "Nowhere", query: "sector=Nothing", alerts: true, notifyEmail: false }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await s.screens.list(owner)).toEqual(before);
  });
});

describe("entered / left", () => {
  it("names the companies that crossed the screen's filters against the announced membership", () => {
    const state = { members: new Set(["A"]), noticedAt: {} };
    const change = diffMembership(state, q(TADAWUL_UP), [row("A", 1), row("B", 3), row("C", 0)], 1_000_000);
    expect(change).toMatchObject({ entered: ["B"], left: ["A"], members: ["B"] });
    // A stale trade decides nothing; a company of another exchange is never in a Tadawul screen.
    expect(diffMembership(state, q(TADAWUL_UP), [row("A", 0, { freshness: "stale" })], 1)).toBeNull();
    expect(
      diffMembership(
        { members: new Set(), noticedAt: {} },
        q(TADAWUL_UP),
        [row("D", 5, { exchange: "DFM" })],
        1,
      ),
    ).toBeNull();
  });

  it("waits out a company hovering on a bound: one crossing fires once, a lasting change fires after the debounce", () => {
    const t0 = Date.parse("2026-11-28T10:00:00Z");
    const first = diffMembership({ members: new Set(), noticedAt: {} }, q(TADAWUL_UP), [row("B", 2.1)], t0)!;
    expect(first.entered).toEqual(["B"]);
    const state = { members: new Set(first.members), noticedAt: first.noticedAt };
    expect(diffMembership(state, q(TADAWUL_UP), [row("B", 1.9)], t0 + 60_000)).toBeNull();
    expect(diffMembership(state, q(TADAWUL_UP), [row("B", 1.9)], t0 + SCREEN_DEBOUNCE_MS)).toMatchObject({
      left: ["B"],
    });
  });
});

describe("notices through the alert channels", () => {
  it("records the bell's notice, a webhook delivery and a mail in the reader's language, once across processes", async () => {
    const reader = await signUpVerified(s, "screens-reader@example.com", "Reader");
    await s.users.setLocale(reader, "ar");
    await s.db
      .insert(webhookEndpoints)
      .values({ userId: reader, url: "https://hooks.example.com/screens", isDefault: true });
    const screen = await s.screens.create(reader, {
      name: "صاعدة",
      query: "exchange=TADAWUL&changePercentMin=2",
      alerts: true,
      notifyEmail: true,
    });
    // Start from an empty membership, so the scripted rows decide it.
    await s.db.update(savedScreens).set({ members: [] }).where(eq(savedScreens.id, screen.id));

    let rows = [row("1010", 1), row("1020", 1)];
    const announced: Array<{ userId: string; event: NotificationEvent }> = [];
    const evaluator = () =>
      createScreenEvaluator({
        ...{ db: s.db, delivery: s.delivery.queue, outbox: s.outbox, siteUrl: "https://gulfpulse.example" },
        nameOf: (symbol, lang) => (lang === "ar" ? `شركة ${symbol}` : `Company ${symbol}`),
        rows: () => rows,
        inScreen: s.overview.matches,
        announce: async (events) => void announced.push(...events),
        clock: () => Date.now(),
      });
    const one = evaluator();
    const two = evaluator(); // a second process seeing the same ticks
    expect(await one.evaluate(new Set(["1010", "1020"]))).toBe(0);

    rows = [row("1010", 2.5), row("1020", 1)];
    const counts = await Promise.all([one.evaluate(new Set(["1010"])), two.evaluate(new Set(["1010"]))]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await one.evaluate(new Set(["1010"]))).toBe(0); // the same crossing again: nothing

    const mine = announced.filter((a) => a.userId === reader);
    expect(mine.map((a) => a.event.title)).toEqual(["دخلت شركة 1010 فرزك «صاعدة»"]);
    const [notice] = await s.db
      .select()
      .from(alertNotifications)
      .where(eq(alertNotifications.userId, reader));
    expect(notice).toMatchObject({ title: "دخلت شركة 1010 فرزك «صاعدة»" });
    const [trigger] = await s.db.select().from(alertTriggers).where(eq(alertTriggers.userId, reader));
    expect(trigger).toMatchObject({ source: "screen", symbol: "1010" });
    const deliveries = await s.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, reader));
    expect(deliveries.map((d) => [d.channel, (d.payload as { type: string }).type])).toEqual([
      ["webhook", "screen.entered"],
    ]);
    const mails = await s.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "screens-reader@example.com"));
    expect(mails.filter((m) => m.kind === "screen-alert").map((m) => m.subject)).toEqual([
      "دخلت شركة 1010 فرزك «صاعدة»",
    ]);
    const [stored] = await s.db.select().from(savedScreens).where(eq(savedScreens.id, screen.id));
    expect(stored!.members).toEqual(["1010"]);
  });
});
