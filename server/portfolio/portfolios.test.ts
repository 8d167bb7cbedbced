import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedProvider, stubJobs } from "../alerts/testing/scripted-market";
import { portfolioActivities, portfolioAlerts, portfolios, user } from "../db/schema";
import { storeActions } from "../dividends/store";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

let s: Services;
let provider: ReturnType<typeof scriptedProvider>;
let users = 0;

async function makeUser() {
  const id = `pf-${++users}`;
  await s.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  return id;
}

/** One market tick with these prices, seen by every onTick listener. */
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

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const count = async (table: typeof portfolioActivities | typeof portfolios) =>
  (await s.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

beforeAll(async () => {
  provider = scriptedProvider();
  s = await createTestServices({}, { market: { provider, jobs: stubJobs(true) } });
  await tick({ "2222": 25.4 });
});
afterAll(() => s?.close());

describe("portfolios are their owner's alone", () => {
  it("another reader can neither list, read, change nor delete them, nor touch their activities", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const mine = await s.portfolios.create(a, { name: "  Al Rajhi   Capital ", baseCurrency: "sar" });
    expect(mine).toMatchObject({ name: "Al Rajhi Capital", baseCurrency: "SAR" });
    const buy = await s.portfolios.addActivity(a, mine.id, {
      type: "buy",
      date: daysAgo(10),
      symbol: "2222",
      quantity: 100,
      unitPrice: 25,
      commission: 10,
      vat: 1.5,
    });
    expect(await s.portfolios.list(b)).toEqual([]);
    const notFound = { status: 404, message: "Portfolio not found" };
    await expect(s.portfolios.get(b, mine.id)).rejects.toMatchObject(notFound);
    await expect(s.portfolios.update(b, mine.id, { name: "x" })).rejects.toMatchObject(notFound);
    await expect(s.portfolios.remove(b, mine.id)).rejects.toMatchObject(notFound);
    await expect(s.portfolios.addActivity(b, mine.id, { type: "deposit" })).rejects.toMatchObject(notFound);
    await expect(s.portfolios.removeActivity(b, mine.id, buy.id)).rejects.toMatchObject(notFound);
    await expect(s.portfolios.exportActivities(b, mine.id, "csv")).rejects.toMatchObject(notFound);
    // B's own portfolio does not reach A's activity either.
    const theirs = await s.portfolios.create(b, { name: "B", baseCurrency: "AED" });
    await expect(s.portfolios.removeActivity(b, theirs.id, buy.id)).rejects.toMatchObject({ status: 404 });
    const view = await s.portfolios.get(a, mine.id);
    expect(view.activities.map((x) => x.id)).toEqual([buy.id]);
    expect(view.snapshot.baseCurrency).toBe("SAR");
  });

  it("bad input names its field and writes nothing", async () => {
    const a = await makeUser();
    await expect(s.portfolios.create(a, { name: "", baseCurrency: "SAR" })).rejects.toMatchObject({
      status: 400,
      fields: { name: "Enter a name for the portfolio" },
    });
    await expect(s.portfolios.create(a, { name: "P", baseCurrency: "XYZ" })).rejects.toMatchObject({
      fields: { baseCurrency: "Choose the portfolio's base currency" },
    });
    const p = await s.portfolios.create(a, { name: "P", baseCurrency: "SAR" });
    const before = await count(portfolioActivities);
    const bad = [
      [{ type: "buy", date: "2024-13-01", symbol: "2222", quantity: 1, unitPrice: 1 }, "date"],
      [{ type: "buy", date: daysAgo(1), symbol: "NOPE", quantity: 1, unitPrice: 1 }, "symbol"],
      [{ type: "buy", date: daysAgo(1), symbol: "2222", quantity: 0, unitPrice: 1 }, "quantity"],
      [
        { type: "buy", date: daysAgo(1), symbol: "2222", quantity: 1, unitPrice: 1, currency: "USD" },
        "currency",
      ],
      [{ type: "sell", date: daysAgo(1), symbol: "2222", quantity: 5, unitPrice: 30 }, "quantity"],
      [{ type: "split", date: daysAgo(1), symbol: "2222", splitRatio: 1 }, "splitRatio"],
      [{ type: "swap", date: daysAgo(1) }, "type"],
    ] as const;
    for (const [body, field] of bad) {
      await expect(s.portfolios.addActivity(a, p.id, body), JSON.stringify(body)).rejects.toMatchObject({
        status: 400,
        fields: { [field]: expect.any(String) },
      });
    }
    expect(await count(portfolioActivities)).toBe(before);
  });

  it("refuses a sale beyond the shares held on its date, also one dated before the purchase", async () => {
    const a = await makeUser();
    const p = await s.portfolios.create(a, { name: "P", baseCurrency: "SAR" });
    await s.portfolios.addActivity(a, p.id, {
      type: "buy",
      date: daysAgo(5),
      symbol: "2222",
      quantity: 10,
      unitPrice: 25,
    });
    await expect(
      s.portfolios.addActivity(a, p.id, {
        type: "sell",
        date: daysAgo(6),
        symbol: "2222",
        quantity: 5,
        unitPrice: 26,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: `This sells more 2222 shares than the portfolio holds on ${daysAgo(6)}`,
    });
    await expect(
      s.portfolios.addActivity(a, p.id, {
        type: "sell",
        date: daysAgo(1),
        symbol: "2222",
        quantity: 11,
        unitPrice: 26,
      }),
    ).rejects.toMatchObject({ fields: { quantity: expect.stringContaining("2222") } });
    const sale = await s.portfolios.addActivity(a, p.id, {
      type: "sell",
      date: daysAgo(1),
      symbol: "2222",
      quantity: 10,
      unitPrice: 26,
    });
    expect(sale.sequence).toBe(2);
  });

  it("keeps a Kuwaiti price entered in fils in dinars", async () => {
    const kw = s.market.findInstrument("NBK") ?? s.market.findInstrument("AAYAN");
    expect(kw?.currency).toBe("KWD");
    const a = await makeUser();
    const p = await s.portfolios.create(a, { name: "Kuwait", baseCurrency: "KWD" });
    const buy = await s.portfolios.addActivity(a, p.id, {
      ...{ type: "buy", date: daysAgo(3), symbol: kw!.symbol, quantity: "1,000" },
      ...{ unitPrice: "١٢٣٤", currency: "KWF", commission: 500 },
    });
    expect(buy).toMatchObject({ currency: "KWD", quantity: 1000, unitPrice: 1.234, commission: 0.5 });
  });
});

describe("the valuation", () => {
  it("follows a price tick without a new read of the activities", async () => {
    const a = await makeUser();
    const p = await s.portfolios.create(a, { name: "Live", baseCurrency: "SAR" });
    await s.portfolios.addActivity(a, p.id, {
      type: "buy",
      date: daysAgo(2),
      symbol: "2222",
      quantity: 100,
      unitPrice: 25,
    });
    await tick({ "2222": 30 });
    const first = await s.portfolios.snapshot(a, p.id);
    const held = first.holdings.find((h) => h.symbol === "2222");
    expect(held?.price).toBe(30);
    await tick({ "2222": 31 });
    const second = await s.portfolios.snapshot(a, p.id);
    expect(second.holdings.find((h) => h.symbol === "2222")?.price).toBe(31);
    expect(second.holdings.find((h) => h.symbol === "2222")?.marketValue).toBeCloseTo(3100, 6);
  });
});

describe("dividend proposals", () => {
  it("proposes quantity × per share for a dividend the holding earned, and accepting records it once", async () => {
    const a = await makeUser();
    const p = await s.portfolios.create(a, { name: "Div", baseCurrency: "SAR" });
    await s.portfolios.addActivity(a, p.id, {
      type: "buy",
      date: daysAgo(40),
      symbol: "1120",
      quantity: 100,
      unitPrice: 90,
    });
    await storeActions(s.db, "editor", [
      {
        symbol: "1120",
        kind: "dividend",
        exDate: daysAgo(20),
        paymentDate: daysAgo(10),
        amount: 1.5,
        currency: "SAR",
      },
      // Bought after this ex-date: not earned.
      {
        symbol: "1120",
        kind: "dividend",
        exDate: daysAgo(60),
        paymentDate: daysAgo(50),
        amount: 2,
        currency: "SAR",
      },
    ]);
    const proposals = await s.portfolios.dividendProposals(a, p.id);
    expect(proposals).toEqual([
      {
        symbol: "1120",
        exDate: daysAgo(20),
        payDate: daysAgo(10),
        quantity: 100,
        perShare: 1.5,
        currency: "SAR",
        amount: 150,
      },
    ]);
    const added = await s.portfolios.acceptProposal(a, p.id, { symbol: "1120", exDate: daysAgo(20) });
    expect(added).toMatchObject({ type: "dividend", date: daysAgo(10), amount: 150, quantity: 100 });
    expect(await s.portfolios.dividendProposals(a, p.id)).toEqual([]);
    await expect(
      s.portfolios.acceptProposal(a, p.id, { symbol: "1120", exDate: daysAgo(20) }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("deleting an account", () => {
  it("deletes its portfolios, their activities and alerts", async () => {
    const a = await makeUser();
    const p = await s.portfolios.create(a, { name: "Gone", baseCurrency: "SAR" });
    await s.portfolios.addActivity(a, p.id, {
      type: "deposit",
      date: today(),
      currency: "SAR",
      amount: 1000,
    });
    await s.portfolios.addAlert(a, p.id, { kind: "day-move", threshold: 3 });
    await s.db.delete(user).where(eq(user.id, a));
    for (const table of [portfolios, portfolioActivities, portfolioAlerts]) {
      const rows = await s.db.select().from(table).where(eq(table.userId, a));
      expect(rows).toEqual([]);
    }
  });
});
