/**
 * The heatmap's layout on the server: every tile inside its box and its sector, tiles' areas in
 * proportion to their sizes, companies grouped by sector, value traded standing in for market
 * cap (and saying so), and each period's change from a close of the price's own kind.
 */
import { describe, expect, it } from "vitest";
import { changeStep, HEATMAP_BOX, type Rect } from "#common/heatmap";
import type { OverviewRow } from "#common/market-overview";
import { buildHeatmap, MAX_TILES, periodChange } from "./heatmap";
import type { PeriodCloses } from "./period-closes";

const row = (symbol: string, sector: string, valueTraded: number | null, o: Partial<OverviewRow> = {}) =>
  ({
    symbol,
    name: `Co ${symbol}`,
    nameAr: `شركة ${symbol}`,
    exchange: "TADAWUL",
    market: "TADAWUL",
    sector,
    price: 10,
    changePercent: 1.5,
    volume: valueTraded === null ? null : valueTraded / 10,
    valueTraded,
    marketCap: null,
    high52w: null,
    low52w: null,
    freshness: "live",
    source: "yahoo",
    volumeSimulated: false,
    range52wSimulated: false,
    newHigh: false,
    newLow: false,
    lastUpdate: "2026-11-22T08:00:00.000Z",
    ...o,
  }) as OverviewRow;

const rows = [
  row("A1", "Banks", 400),
  row("A2", "Banks", 200),
  row("B1", "Energy", 300),
  row("B2", "Energy", 50),
  row("C1", "Telecom", 50),
  row("N1", "Telecom", null), // no value traded: no tile
];
const area = (r: Rect, box: "wide" | "tall") =>
  (r[2] / 100) * HEATMAP_BOX[box].w * ((r[3] / 100) * HEATMAP_BOX[box].h);
const inside = (inner: Rect, outer: Rect) =>
  inner[0] >= outer[0] - 0.01 &&
  inner[1] >= outer[1] - 0.01 &&
  inner[0] + inner[2] <= outer[0] + outer[2] + 0.01 &&
  inner[1] + inner[3] <= outer[1] + outer[3] + 0.01;

describe("the heatmap's layout", () => {
  const map = buildHeatmap("TADAWUL", "1D", rows, new Map());

  it("sizes by value traded when shares outstanding are unknown, and says so", () => {
    expect(map.sizedBy).toBe("valueTraded");
    expect(map.tiles.map((t) => t.symbol)).not.toContain("N1");
    expect(map.companies).toBe(6);
  });

  it("groups tiles by sector, largest sector and largest company first", () => {
    expect(map.sectors.map((s) => s.sector)).toEqual(["Banks", "Energy", "Telecom"]);
    expect(map.tiles.map((t) => t.symbol)).toEqual(["A1", "A2", "B1", "B2", "C1"]);
  });

  it("keeps every tile inside the box and inside its sector, in both boxes", () => {
    for (const box of ["wide", "tall"] as const) {
      for (const t of map.tiles) {
        expect(inside(t[box], [0, 0, 100, 100])).toBe(true);
        const sector = map.sectors.find((s) => s.sector === t.sector)!;
        expect(inside(t[box], sector[box])).toBe(true);
      }
    }
  });

  it("gives tiles areas in proportion to their sizes within a sector", () => {
    const [a1, a2] = map.tiles;
    for (const box of ["wide", "tall"] as const) {
      // 400 : 200, less the gaps between tiles (a few layout units).
      expect(area(a1![box], box) / area(a2![box], box)).toBeGreaterThan(1.8);
      expect(area(a1![box], box) / area(a2![box], box)).toBeLessThan(2.2);
    }
  });

  it("sizes by market cap only when every company has one", () => {
    const capped = rows.map((r, i) => ({ ...r, marketCap: 1000 * (i + 1) }));
    const m = buildHeatmap("TADAWUL", "1D", capped, new Map());
    expect(m.sizedBy).toBe("marketCap");
    expect(m.tiles[0]?.symbol).toBe("N1");
  });

  it("draws at most the largest companies", () => {
    const many = Array.from({ length: MAX_TILES + 20 }, (_, i) => row(`S${i}`, `Sector ${i % 7}`, 1000 - i));
    const m = buildHeatmap("GCC", "1D", many, new Map());
    expect(m.tiles).toHaveLength(MAX_TILES);
    expect(m.tiles.map((t) => t.symbol)).not.toContain(`S${MAX_TILES + 5}`);
  });
});

describe("a tile's change over the period", () => {
  const closes = new Map<string, PeriodCloses>([
    ["A1", { week: 8, month: 12.5, year: 5, simulated: false }],
    ["SIM", { week: 9, month: null, year: null, simulated: true }],
  ]);
  it("is the snapshot's change for 1D and runs from the period's stored close otherwise", () => {
    const r = row("A1", "Banks", 1);
    expect(periodChange(r, closes, "1D")).toBe(1.5);
    expect(periodChange(r, closes, "1W")).toBeCloseTo(25);
    expect(periodChange(r, closes, "1M")).toBeCloseTo(-20);
    expect(periodChange(r, closes, "YTD")).toBeCloseTo(100);
  });
  it("is shown only from a close of the price's own kind, and not without one", () => {
    expect(periodChange(row("SIM", "Banks", 1), closes, "1W")).toBeNull();
    expect(periodChange(row("SIM", "Banks", 1, { freshness: "simulated" }), closes, "1W")).toBeCloseTo(11.11);
    expect(periodChange(row("SIM", "Banks", 1, { freshness: "simulated" }), closes, "1M")).toBeNull();
    expect(periodChange(row("ZZ", "Banks", 1), closes, "YTD")).toBeNull();
  });
  it("picks a colour step by the change's size, wider for longer periods, signed", () => {
    expect(changeStep(null, "1D")).toBe(0);
    expect(changeStep(0.01, "1D")).toBe(0);
    expect(changeStep(0.5, "1D")).toBe(1);
    expect(changeStep(-1.5, "1D")).toBe(-2);
    expect(changeStep(3.2, "1D")).toBe(3);
    expect(changeStep(3.2, "YTD")).toBe(1);
  });
});
