import { describe, expect, it } from "vitest";
import type { Activity, EngineInput } from "./engine/types";
import { createLedgerCache } from "./ledgers";

const today = "2025-01-10";
const buy = (id: string, date: string, symbol = "2222"): Activity => ({
  ...{
    id,
    type: "buy",
    date,
    sequence: Number(id.replace(/\D/g, "")) || 1,
    symbol,
    quantity: 10,
    unitPrice: 20,
  },
  ...{ currency: "SAR", amount: 0, commission: 0, vat: 0, withholding: 0, splitRatio: null },
});
const input = (activities: Activity[]): EngineInput => ({
  baseCurrency: "SAR",
  activities,
  instruments: new Map([
    ["2222", { symbol: "2222", currency: "SAR", exchange: "TADAWUL", sector: "Energy" }],
  ]),
  closes: { closeOn: () => 20 },
  fx: { rate: (from, to) => (from === to ? 1 : null) },
  quotes: new Map(),
  today,
  now: new Date(`${today}T12:00:00Z`),
});

describe("the ledgers kept in memory", () => {
  it("hold at most their capacity, dropping the least recently used", async () => {
    const cache = createLedgerCache(2);
    let builds = 0;
    const read = (id: string) =>
      cache.snapshot(id, today, async () => {
        builds++;
        return input([buy("a1", "2025-01-02")]);
      });
    await read("p1");
    await read("p2");
    await read("p1"); // p1 used last: p2 goes when p3 comes
    await read("p3");
    expect([cache.has("p1"), cache.has("p2"), cache.has("p3"), cache.size]).toEqual([true, false, true, 2]);
    expect(builds).toBe(3);
  });

  it("follow a tick and a later activity without a rebuild; an earlier one or a new day rebuilds", async () => {
    const cache = createLedgerCache();
    let builds = 0;
    const activities = [buy("a1", "2025-01-02")];
    const read = (day = today) =>
      cache.snapshot("p", day, async () => {
        builds++;
        return input([...activities]);
      });
    await read();
    expect(
      cache.tick([
        { symbol: "2222", price: 25, previousClose: 24, asOf: "t", simulated: true, source: "simulator" },
      ]),
    ).toEqual(["p"]);
    const ticked = await read();
    expect(ticked.holdings[0]?.price).toBe(25);
    expect(ticked.simulated).toBe(true);
    cache.added("p", buy("a2", "2025-01-05"));
    expect((await read()).holdings[0]?.quantity).toBe(20);
    expect(builds).toBe(1);
    cache.added("p", buy("a3", "2025-01-01"));
    expect(cache.has("p")).toBe(false);
    await read("2025-01-11");
    expect(builds).toBe(2);
  });
});
