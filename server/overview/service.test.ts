/**
 * The overview on the real services and database: after a tick every listed company has a row,
 * its 52-week range read from the stored daily bars (real ones over simulated), its simulated
 * volume labelled so, and each market's totals equal to a count over its rows, tick after tick.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OverviewRow } from "#common/market-overview";
import { marketBars } from "../db/schema";
import { shippedListingsText } from "../market/universe";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { simulatedVolume } from "./sim-volume";

// Sunday 22 November 2026, 12:30 in Riyadh: Tadawul trades.
let now = Date.parse("2026-11-22T09:30:00Z");
let s: Services;

type Row = typeof marketBars.$inferInsert;
const bar = (symbol: string, date: string, high: number, low: number, real: boolean): Row => ({
  symbol,
  interval: "1d",
  ts: new Date(`${date}T00:00:00Z`),
  open: low,
  high,
  low,
  close: high,
  real,
  source: real ? "yahoo" : null,
});

beforeAll(async () => {
  s = await createTestServices({}, { market: { clock: () => now } });
  await s.market.tick(now);
  await s.overview.ready();
  // The simulator's backfill stored bars for every company; these two get the bars written here.
  await s.db.delete(marketBars).where(inArray(marketBars.symbol, ["2222", "1120"]));
  await s.db.insert(marketBars).values([
    bar("2222", "2026-03-01", 50, 30, true),
    bar("2222", "2026-06-01", 40, 20, true),
    bar("2222", "2025-11-01", 99, 1, true), // older than 52 weeks: left out
    bar("2222", "2026-07-01", 500, 2, false), // simulated beside real bars: left out
    bar("1120", "2026-10-01", 120, 60, false), // simulated only: labelled so
  ]);
  // Stored history is read again every 5 minutes.
  now += 5 * 60_000;
  await s.market.tick(now);
  await s.overview.ready();
}, 120_000);

afterAll(async () => {
  await s?.close();
});

function countOf(rows: OverviewRow[]) {
  const dir = (r: OverviewRow) => r.changePercent;
  return {
    companies: rows.length,
    advancers: rows.filter((r) => (dir(r) ?? 0) > 0).length,
    decliners: rows.filter((r) => (dir(r) ?? 0) < 0).length,
    volume: rows.reduce((sum, r) => sum + (r.volume ?? 0), 0),
  };
}

describe("the overview kept per tick", () => {
  it("has a row for every listed company, with the 52-week range from real stored bars", async () => {
    const shipped = (JSON.parse(shippedListingsText()) as { listings: unknown[] }).listings;
    expect(s.overview.rows()).toHaveLength(shipped.length);
    const aramco = s.overview.rows().find((r) => r.symbol === "2222")!;
    expect(aramco).toMatchObject({
      high52w: 50,
      low52w: 20,
      range52wSimulated: false,
      freshness: "simulated",
    });
    // A simulated price never widens a real range nor counts as a new high.
    expect(aramco.newHigh).toBe(false);
    const rajhi = s.overview.rows().find((r) => r.symbol === "1120")!;
    expect(rajhi.range52wSimulated).toBe(true);
    expect(rajhi.high52w).toBeGreaterThanOrEqual(120);
  });

  it("labels the simulator's volume and values it at the price", () => {
    const aramco = s.overview.rows().find((r) => r.symbol === "2222")!;
    const hours = s.market.exchange("TADAWUL");
    expect(aramco.volume).toBe(simulatedVolume("2222", hours, now));
    expect(aramco.volumeSimulated).toBe(true);
    expect(aramco.valueTraded).toBeCloseTo(aramco.volume! * aramco.price, 6);
    expect(aramco.marketCap).toBeNull();
  });

  it("keeps each market's totals equal to a count over its rows after another tick", async () => {
    now += 15_000;
    await s.market.tick(now);
    const tadawul = s.overview.rows().filter((r) => r.market === "TADAWUL");
    const summary = s.overview.summary("TADAWUL");
    expect(summary).toMatchObject(countOf(tadawul));
    expect(summary.simulated.prices).toBe(true);
    expect(summary.gainers.length).toBeLessThanOrEqual(5);
    const best = Math.max(...tadawul.map((r) => r.changePercent ?? -Infinity));
    expect(summary.gainers[0]?.changePercent).toBe(best);
    expect(s.overview.summary("GCC").companies).toBe(
      s.overview.rows().filter((r) => r.market !== "ASE").length,
    );
  });
});
