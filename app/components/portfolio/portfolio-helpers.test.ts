import { describe, expect, it } from "vitest";
import type { Bar } from "#server/market/types";
import { activityBody, parseAmount } from "./activity-fields";
import { csvHeader, guessMapping } from "./import-mapping";
import { indexLine, portfolioLine } from "./performance-series";

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const bar = (date: string, close: number, hour = 12): Bar => ({
  time: day(date) + hour * 3600,
  open: close,
  high: close,
  low: close,
  close,
});

describe("the index line against the portfolio", () => {
  it("starts at 100 on the index's first close on or after the portfolio's first day", () => {
    const bars = [
      bar("2026-01-01", 50),
      bar("2026-01-04", 200),
      bar("2026-01-05", 210),
      bar("2026-01-06", 190),
    ];
    // 200 is the base: 210 / 200 × 100 = 105, 190 / 200 × 100 = 95.
    expect(indexLine(bars, "2026-01-02")).toEqual([
      { time: day("2026-01-04"), value: 100 },
      { time: day("2026-01-05"), value: 105 },
      { time: day("2026-01-06"), value: 95 },
    ]);
  });

  it("keeps one point a day, the day's last bar", () => {
    const bars = [bar("2026-01-04", 100, 9), bar("2026-01-04", 110, 13), bar("2026-01-05", 121)];
    // 110 is the first day's close (its last bar): 121 / 110 × 100 = 110.
    expect(indexLine(bars, undefined).map((p) => Number(p.value.toFixed(6)))).toEqual([100, 110]);
  });

  it("is empty without closes", () => {
    expect(indexLine([], "2026-01-01")).toEqual([]);
  });

  it("the portfolio's line is its time-weighted index, day by day", () => {
    const series = [
      { date: "2026-01-04", value: 1000, netInvested: 1000, twrIndex: 100 },
      { date: "2026-01-05", value: 1100, netInvested: 1000, twrIndex: 110 },
    ];
    expect(portfolioLine(series)).toEqual([
      { time: day("2026-01-04"), value: 100 },
      { time: day("2026-01-05"), value: 110 },
    ]);
  });
});

describe("typed amounts and the activity sent", () => {
  it("reads grouped, Arabic-Indic and empty amounts; refuses words", () => {
    expect(parseAmount("1,250.5")).toBe(1250.5);
    expect(parseAmount("١٢٥٫٥")).toBe(125.5);
    expect(parseAmount("")).toBe(0);
    expect(parseAmount("lots")).toBeNaN();
  });

  it("sends only the fields of the activity's type, the others as zero", () => {
    const values = {
      date: "2026-01-04",
      symbol: " 2222 ",
      quantity: "100",
      unitPrice: "25",
      amount: "999",
      currency: "sar",
    };
    expect(activityBody("buy", values)).toEqual({
      type: "buy",
      date: "2026-01-04",
      symbol: "2222",
      currency: "SAR",
      splitRatio: null,
      quantity: 100,
      unitPrice: 25,
      amount: 0,
      commission: 0,
      vat: 0,
      withholding: 0,
    });
    expect(activityBody("deposit", values)).toMatchObject({ symbol: null, quantity: 0, amount: 999 });
    expect(activityBody("split", { ...values, splitRatio: "2" })).toMatchObject({
      splitRatio: 2,
      quantity: 0,
    });
  });
});

describe("the CSV's columns", () => {
  it("reads the header (quoted cells, a BOM, semicolons) and maps the fields it names", () => {
    const header = csvHeader('\uFEFFType;"Trade, Date";Symbol;Unit price;Qty\n1;2;3');
    expect(header).toEqual(["Type", "Trade, Date", "Symbol", "Unit price", "Qty"]);
    expect(guessMapping(header)).toEqual({
      type: "Type",
      symbol: "Symbol",
      unitPrice: "Unit price",
      quantity: "Qty",
    });
  });

  it("maps a Gulf broker's Arabic headers as the server's import reads them", () => {
    const header = csvHeader("تاريخ التنفيذ,نوع العملية,رمز السهم,الكمية,سعر التنفيذ,العمولة\n");
    expect(guessMapping(header)).toEqual({
      date: "تاريخ التنفيذ",
      type: "نوع العملية",
      symbol: "رمز السهم",
      quantity: "الكمية",
      unitPrice: "سعر التنفيذ",
      commission: "العمولة",
    });
  });
});
