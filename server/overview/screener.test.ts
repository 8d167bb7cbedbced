/**
 * The screener: the query read strictly (a bad parameter named), a screen filtered, sorted and
 * paged against results worked by hand, and CSV cells that a spreadsheet never runs as formulas.
 */
import { describe, expect, it } from "vitest";
import type { OverviewRow } from "#common/market-overview";
import { csvCell, parseScreenerQuery } from "#common/screener";
import { screen } from "./screener";

const row = (symbol: string, o: Partial<OverviewRow>): OverviewRow => ({
  symbol,
  name: symbol,
  nameAr: symbol,
  exchange: "TADAWUL",
  market: "TADAWUL",
  sector: "Banks",
  price: 10,
  changePercent: 0,
  volume: 100,
  valueTraded: 1000,
  marketCap: null,
  high52w: 12,
  low52w: 8,
  freshness: "live",
  source: "yahoo",
  volumeSimulated: false,
  range52wSimulated: false,
  newHigh: false,
  newLow: false,
  lastUpdate: "2026-11-22T08:00:00.000Z",
  ...o,
});

const ROWS = [
  row("A", { changePercent: 3, valueTraded: 5000 }),
  row("B", { changePercent: 2.5, valueTraded: 9000 }),
  row("C", { changePercent: 1, valueTraded: 20_000 }),
  row("D", { changePercent: 4, valueTraded: null, volume: null }),
  row("E", { changePercent: 6, valueTraded: 7000, exchange: "DFM", market: "DFM" }),
  row("F", { changePercent: null, valueTraded: 3000 }),
  row("G", { changePercent: 2.1, valueTraded: 5000, sector: "Energy" }),
];

const query = (q: string) => {
  const parsed = parseScreenerQuery(new URLSearchParams(q));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
};

describe("a screen", () => {
  it("Tadawul, change above 2%, sorted by value traded: the matches by value, a missing figure never matching", () => {
    const answer = screen(ROWS, query("exchange=TADAWUL&changePercentMin=2&sort=valueTraded&order=desc"));
    // A 3% (5000), B 2.5% (9000), D 4% (no value), G 2.1% (5000); C under 2%, E on DFM, F without a change.
    expect(answer.total).toBe(4);
    expect(answer.rows.map((r) => r.symbol)).toEqual(["B", "A", "G", "D"]); // ties by symbol, no figure last
  });

  it("sorts either way with rows lacking the figure last, and pages with limit and offset", () => {
    expect(screen(ROWS, query("sort=valueTraded&order=asc")).rows.map((r) => r.symbol)).toEqual([
      "F",
      "A",
      "G",
      "E",
      "B",
      "C",
      "D",
    ]);
    const page = screen(ROWS, query("sort=changePercent&limit=2&offset=1"));
    expect(page).toMatchObject({ total: 7 });
    expect(page.rows.map((r) => r.symbol)).toEqual(["D", "A"]); // 6, [4, 3], 2.5 …
    expect(screen(ROWS, query("sector=Energy")).rows.map((r) => r.symbol)).toEqual(["G"]);
    expect(
      screen(ROWS, query("valueTradedMin=5000&valueTradedMax=7000&sort=symbol&order=asc")).rows.map(
        (r) => r.symbol,
      ),
    ).toEqual(["A", "E", "G"]);
  });

  it("answers the documented row shape", () => {
    expect(Object.keys(screen(ROWS, query("limit=1")).rows[0]!).sort()).toEqual(
      [
        "symbol",
        "name",
        "nameAr",
        "exchange",
        "sector",
        "price",
        "changePercent",
        "volume",
        "valueTraded",
        "marketCap",
        "high52w",
        "low52w",
        "freshness",
        "shariah",
        "dividendYield",
      ].sort(),
    );
  });
});

describe("the screener's query", () => {
  it.each([
    ["exchange=NYSE", "exchange"],
    ["sort=cheapest", "sort"],
    ["order=up", "order"],
    ["limit=0", "limit"],
    ["limit=201", "limit"],
    ["offset=-1", "offset"],
    ["changePercentMin=abc", "changePercentMin"],
    ["priceMax=1e9", "priceMax"],
    ["priceMin=5&priceMax=1", "priceMin"],
    ["colour=red", "colour"],
    ["sort=price&sort=volume", "sort"],
  ])("refuses %s, naming %s", (q, field) => {
    const parsed = parseScreenerQuery(new URLSearchParams(q));
    expect(parsed).toMatchObject({ ok: false, field });
    expect(!parsed.ok && parsed.error.startsWith(`${field}: `)).toBe(true);
  });

  it("takes defaults: sorted by value traded, highest first, 50 rows", () => {
    expect(query("")).toEqual({ sort: "valueTraded", order: "desc", limit: 50, offset: 0, ranges: {} });
  });
});

describe("CSV cells", () => {
  it("escapes cells a spreadsheet would run as formulas, and quotes commas and quotes", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM")).toBe("'@SUM");
    expect(csvCell("Food, Beverages")).toBe('"Food, Beverages"');
    expect(csvCell(-1.5)).toBe("-1.5"); // a number stays a number
    expect(csvCell(null)).toBe("");
  });
});
