/**
 * The market snapshot model, against figures worked by hand: each row from its quote and stored
 * history, and each market's breadth, traded totals, new highs and lows, top lists and sector
 * performance kept per changed row (checked against a rebuild from scratch); every figure's
 * simulated flag follows what it was computed from.
 */
import { describe, expect, it } from "vitest";
import type { Quote } from "../market/types";
import type { Listing } from "../market/universe";
import { createOverviewModel } from "./model";
import { buildRow, type SessionVolume, type YearRange } from "./row";

const listing = (symbol: string, o: Partial<Listing> = {}): Listing => ({
  symbol,
  name: `Co ${symbol}`,
  nameAr: `شركة ${symbol}`,
  exchange: "TADAWUL",
  board: "main",
  sector: "Banks",
  currency: "SAR",
  tickers: {},
  ...o,
});

const quote = (symbol: string, price: number, previousClose: number, o: Partial<Quote> = {}): Quote => ({
  symbol,
  name: symbol,
  price,
  previousClose,
  change: price - previousClose,
  changePercent: previousClose > 0 ? ((price - previousClose) / previousClose) * 100 : 0,
  isPositive: price >= previousClose,
  category: "gulfStocks",
  lastUpdate: "2026-11-22T08:00:00.000Z",
  dayHigh: price,
  dayLow: price,
  marketOpen: true,
  source: "yahoo",
  freshness: "live",
  ...o,
});

const realRange: YearRange = { high: 50, low: 20, simulated: false };
const vol = (volume: number, simulated = false): SessionVolume => ({ volume, simulated });

describe("a company's row", () => {
  it("takes the price, change, volume × price as value traded, and widens the 52-week range by the session", () => {
    const row = buildRow(
      listing("1010"),
      quote("1010", 55, 50, { dayHigh: 56, dayLow: 49 }),
      realRange,
      vol(1000),
    );
    expect(row).toMatchObject({
      market: "TADAWUL",
      price: 55,
      changePercent: 10,
      volume: 1000,
      valueTraded: 55_000,
      marketCap: null,
      high52w: 56,
      low52w: 20,
      newHigh: true,
      newLow: false,
      freshness: "live",
      volumeSimulated: false,
      range52wSimulated: false,
    });
  });

  it("shows no change without a real previous close, and no volume where no source gives one", () => {
    const row = buildRow(listing("1010"), quote("1010", 30, 0), realRange, undefined);
    expect(row.changePercent).toBeNull();
    expect(row.volume).toBeNull();
    expect(row.valueTraded).toBeNull();
  });

  it("never moves a real 52-week range with a simulated price, nor counts it as a new high", () => {
    const sim = quote("1010", 90, 50, {
      dayHigh: 95,
      dayLow: 10,
      freshness: "simulated",
      source: "simulator",
    });
    const row = buildRow(listing("1010"), sim, realRange, vol(500, true));
    expect(row).toMatchObject({
      high52w: 50,
      low52w: 20,
      newHigh: false,
      newLow: false,
      volumeSimulated: true,
    });
    // Simulated bars and a simulated price are of one kind: the range widens and says simulated.
    const simRange = buildRow(listing("1010"), sim, { high: 60, low: 40, simulated: true }, vol(500, true));
    expect(simRange).toMatchObject({
      high52w: 95,
      low52w: 10,
      newHigh: true,
      newLow: true,
      range52wSimulated: true,
    });
  });

  it("puts Tadawul's Nomu board in a market of its own", () => {
    expect(
      buildRow(listing("9501", { board: "nomu" }), quote("9501", 1, 1), undefined, undefined).market,
    ).toBe("NOMU");
  });
});

/** Tadawul main: 4 companies in two sectors; one Nomu; one Amman (outside the GCC view). */
function scenario() {
  const model = createOverviewModel();
  const put = (l: Listing, q: Quote, v?: SessionVolume, r?: YearRange) => model.put(buildRow(l, q, r, v));
  put(listing("A"), quote("A", 11, 10), vol(1000), realRange); // +10%, value 11,000
  put(listing("B"), quote("B", 19, 20), vol(3000)); // −5%, value 57,000
  put(listing("C", { sector: "Energy" }), quote("C", 30, 30), vol(100)); // 0%, value 3,000
  put(listing("D", { sector: "Energy" }), quote("D", 8, 0)); // no change, no volume
  put(
    listing("N", { board: "nomu" }),
    quote("N", 6, 5, { freshness: "simulated", source: "simulator" }),
    vol(2000, true),
  );
  put(listing("J", { exchange: "ASE", board: undefined }), quote("J", 2, 1), vol(10));
  return model;
}

describe("each market's summary", () => {
  it("counts breadth, traded totals and new highs, and ranks the top lists", () => {
    const s = scenario().summary("TADAWUL");
    expect(s).toMatchObject({ companies: 4, advancers: 1, decliners: 1, unchanged: 1, noChange: 1 });
    expect(s.volume).toBe(4100);
    expect(s.valueTraded).toBe(71_000);
    expect(s.newHighs).toBe(0); // A's day high 11 is under its 52-week high 50
    expect(s.gainers.map((m) => m.symbol)).toEqual(["A"]);
    expect(s.losers.map((m) => m.symbol)).toEqual(["B"]);
    expect(s.activeByValue.map((m) => m.symbol)).toEqual(["B", "A", "C"]);
    expect(s.activeByVolume.map((m) => m.symbol)).toEqual(["B", "A", "C"]);
    expect(s.simulated).toEqual({ prices: false, traded: false, range52w: false });
    expect(s.freshness).toEqual({ live: 4 });
  });

  it("gives each sector its companies' mean change and value traded, best first", () => {
    const s = scenario().summary("TADAWUL");
    expect(s.sectors).toEqual([
      // Banks: (+10 − 5) / 2 = 2.5; Energy: C's 0 (D has no change).
      {
        sector: "Banks",
        companies: 2,
        changePercent: 2.5,
        advancers: 1,
        decliners: 1,
        valueTraded: 68_000,
        simulated: false,
      },
      {
        sector: "Energy",
        companies: 2,
        changePercent: 0,
        advancers: 0,
        decliners: 0,
        valueTraded: 3000,
        simulated: false,
      },
    ]);
  });

  it("says which figures came from the simulator", () => {
    const s = scenario().summary("NOMU");
    expect(s.simulated).toEqual({ prices: true, traded: true, range52w: false });
    expect(s.gainers[0]).toMatchObject({ symbol: "N", volumeSimulated: true, freshness: "simulated" });
    expect(s.valueTraded).toBe(12_000); // 2,000 × 6
  });

  it("adds every GCC market (Nomu too) and leaves Amman out of the GCC view", () => {
    const m = scenario();
    const gcc = m.summary("GCC");
    expect(gcc.companies).toBe(5);
    expect(gcc.valueTraded).toBe(83_000);
    expect(gcc.gainers.map((g) => g.symbol)).toEqual(["N", "A"]); // +20% before +10%
    expect(m.summary("ASE")).toMatchObject({ companies: 1, advancers: 1, valueTraded: 20 });
  });

  it("moves a company between advancers and decliners as its quote changes, as a rebuild would count it", () => {
    const m = scenario();
    m.summary("TADAWUL"); // the top lists are read once, then must follow the change
    m.put(buildRow(listing("A"), quote("A", 9, 10), realRange, vol(5000)));
    const s = m.summary("TADAWUL");
    expect(s).toMatchObject({ advancers: 0, decliners: 2, volume: 8100, valueTraded: 105_000 });
    expect(s.losers.map((l) => l.symbol)).toEqual(["A", "B"]); // −10% before −5%
    expect(s.activeByValue.map((a) => a.symbol)).toEqual(["B", "A", "C"]); // 57,000 > 45,000 > 3,000
    const rebuilt = createOverviewModel();
    for (const row of m.rows()) rebuilt.put(row);
    expect(rebuilt.summary("TADAWUL")).toEqual(s);
    expect(rebuilt.summary("GCC")).toEqual(m.summary("GCC"));
  });
});
