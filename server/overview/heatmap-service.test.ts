/**
 * The heatmap and sparklines on the real services and database: a week's change runs from the
 * stored close at or before seven days ago (of the price's own kind), tiles come from the
 * overview's rows, and a sparkline is the latest session of the stored minute bars, at most 30 points.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketBars } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

// Sunday 22 November 2026, 12:30 in Riyadh: Tadawul trades.
let now = Date.parse("2026-11-22T09:30:00Z");
let s: Services;
/** Tadawul's most traded company: surely a tile. */
let top = "";
type Row = typeof marketBars.$inferInsert;
const daily = (symbol: string, date: string, close: number): Row => ({
  symbol,
  interval: "1d",
  ts: new Date(`${date}T00:00:00Z`),
  open: close,
  high: close,
  low: close,
  close,
  real: false,
});
const minute = (symbol: string, ts: number, close: number): Row => ({
  symbol,
  interval: "1m",
  ts: new Date(ts),
  open: close,
  high: close,
  low: close,
  close,
  real: false,
});

beforeAll(async () => {
  s = await createTestServices({}, { market: { clock: () => now } });
  await s.market.tick(now);
  await s.overview.ready();
  top = s.overview
    .rows()
    .filter((r) => r.market === "TADAWUL")
    .sort((a, b) => (b.valueTraded ?? 0) - (a.valueTraded ?? 0))[0]!.symbol;
  await s.db.delete(marketBars).where(inArray(marketBars.symbol, [top, "1010"]));
  // A later session than the clock's, so the simulator's own ticks of today do not mix in.
  const open = Date.parse("2026-11-23T07:00:00Z");
  await s.db.insert(marketBars).values([
    daily(top, "2026-11-13", 40), // before the week's start: not it
    daily(top, "2026-11-15", 50), // the last close at or before 15 November starts the week
    daily(top, "2026-11-18", 70),
    // A session of 150 minutes, and an older session that is not drawn.
    ...Array.from({ length: 150 }, (_, i) => minute("1010", open + i * 60_000, 100 + i)),
    minute("1010", open - 86_400_000, 1),
  ]);
  now += 5 * 60_000; // stored history is read again every 5 minutes
  await s.market.tick(now);
  await s.overview.ready();
}, 300_000);

afterAll(async () => {
  await s?.close();
});

describe("the heatmap on the overview", () => {
  it("runs a week's change from the stored close at or before seven days ago", () => {
    const map = s.overview.heatmap("TADAWUL", "1W");
    const tile = map.tiles.find((t) => t.symbol === top)!;
    const row = s.overview.rows().find((r) => r.symbol === top)!;
    expect(tile.change).toBeCloseTo((row.price / 50 - 1) * 100, 1);
    expect(tile.simulated).toBe(true);
    // Every company's own stored closes start its week: the map is not a field of "no change".
    expect(map.tiles.filter((t) => t.change !== null).length).toBeGreaterThan(map.tiles.length / 2);
    expect(
      map.tiles.every((t) => t.sector === s.overview.rows().find((r) => r.symbol === t.symbol)?.sector),
    ).toBe(true);
  });

  it("draws the GCC without Amman", () => {
    const gcc = s.overview.heatmap("GCC", "1D");
    const amman = new Set(
      s.overview
        .rows()
        .filter((r) => r.market === "ASE")
        .map((r) => r.symbol),
    );
    expect(gcc.tiles.some((t) => amman.has(t.symbol))).toBe(false);
    expect(gcc.companies).toBe(s.overview.rows().length - amman.size);
  });

  it("draws a sparkline of the latest session from the stored minute bars, at most 30 points", async () => {
    const sparks = await s.overview.sparklines(["1010", "NOPE"]);
    const points = sparks["1010"]!.split(" ").map((p) => p.split(",").map(Number));
    expect(points.length).toBeLessThanOrEqual(30);
    expect(points.length).toBeGreaterThan(10);
    // Rising all session: the last point is at the top, the first at the bottom.
    expect(points.at(-1)![1]).toBeLessThan(points[0]![1]!);
    expect(sparks.NOPE).toBeUndefined();
  });
});
