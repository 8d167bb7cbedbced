import { describe, expect, it } from "vitest";
import { normaliseQuotePrice } from "./fils";
import { computeSnapshot } from "./snapshot";
import { act, engineInput, facts, quote } from "./testing";
import type { EngineInput, Holding, PortfolioSnapshot } from "./types";

/** Hand-computed cases: each expected figure is written as the arithmetic that gives it. */
interface Case {
  name: string;
  input: EngineInput;
  /** Holding fields by symbol, plus `totals` (snapshot totals) and `cash` ({ cash }). */
  expect: Record<string, Record<string, number>>;
}

const SAR_AED = 3.6725 / 3.75;

const cases: Case[] = [
  {
    name: "several buys at different prices, then a partial sale",
    input: engineInput({
      instruments: new Map([facts("2222", "SAR", "TADAWUL", "Energy")]),
      activities: [
        // 100 × 30 + commission 15 + VAT 2.25 (15% of the commission) = 3,017.25
        act({
          type: "buy",
          date: "2026-01-04",
          symbol: "2222",
          quantity: 100,
          unitPrice: 30,
          commission: 15,
          vat: 2.25,
        }),
        // 200 × 33 + 30 + 4.5 = 6,634.50
        act({
          type: "buy",
          date: "2026-01-05",
          symbol: "2222",
          quantity: 200,
          unitPrice: 33,
          commission: 30,
          vat: 4.5,
        }),
        // 150 × 35 − 20 − 3 = 5,227 proceeds
        act({
          type: "sell",
          date: "2026-01-07",
          symbol: "2222",
          quantity: 150,
          unitPrice: 35,
          commission: 20,
          vat: 3,
        }),
      ],
      quotes: new Map([quote("2222", 34, 33.5)]),
    }),
    expect: {
      "2222": {
        quantity: 300 - 150,
        averageCost: (3017.25 + 6634.5) / 300, // 32.1725, unchanged by the sale
        costBasis: ((3017.25 + 6634.5) / 300) * 150, // 4,825.875
        realisedPnl: 5227 - ((3017.25 + 6634.5) / 300) * 150, // 401.125
        marketValue: 150 * 34,
        unrealisedPnl: 150 * 34 - 4825.875, // 274.125
        todayChange: 150 * (34 - 33.5),
        weight: 1,
      },
      totals: {
        // implicit deposits 3,017.25 + 6,634.50 were spent; the sale left 5,227 cash
        value: 150 * 34 + 5227,
        fees: 17.25 + 34.5 + 23,
        realisedPnl: 401.125,
      },
      cash: { cash: 5227 },
    },
  },
  {
    name: "shares bought today change from the price paid, the others from the previous close",
    input: engineInput({
      instruments: new Map([facts("2222", "SAR", "TADAWUL", "Energy")]),
      activities: [
        act({ type: "buy", date: "2026-01-04", symbol: "2222", quantity: 100, unitPrice: 30 }),
        // today (the inputs' today is 2026-01-10): 50 at 33.8, then 50 at 34.2, average 34
        act({ type: "buy", date: "2026-01-10", symbol: "2222", quantity: 50, unitPrice: 33.8 }),
        act({ type: "buy", date: "2026-01-10", symbol: "2222", quantity: 50, unitPrice: 34.2 }),
      ],
      quotes: new Map([quote("2222", 34.5, 33)]),
    }),
    expect: {
      "2222": {
        quantity: 200,
        // 100 × (34.5 − 33) + 100 × (34.5 − 34) = 150 + 50 = 200
        todayChange: 100 * (34.5 - 33) + 100 * (34.5 - 34),
        // on what the shares were worth or cost this morning: 100 × 33 + 100 × 34 = 6,700
        todayChangePercent: 200 / 6700,
      },
      totals: { todayChange: 200 },
    },
  },
  {
    name: "sold out then bought again: the new position starts fresh",
    input: engineInput({
      instruments: new Map([facts("1120", "SAR", "TADAWUL")]),
      activities: [
        act({ type: "buy", date: "2025-01-05", symbol: "1120", quantity: 8, unitPrice: 10 }),
        act({ type: "sell", date: "2025-02-05", symbol: "1120", quantity: 8, unitPrice: 12 }),
        act({ type: "buy", date: "2025-06-01", symbol: "1120", quantity: 5, unitPrice: 20 }),
        act({ type: "buy", date: "2025-07-01", symbol: "1120", quantity: 5, unitPrice: 16 }),
      ],
      quotes: new Map([quote("1120", 4.32)]),
    }),
    expect: {
      "1120": {
        quantity: 10,
        averageCost: (5 * 20 + 5 * 16) / 10, // 18: the old lot at 10 is not mixed in
        costBasis: 180,
        realisedPnl: 8 * (12 - 10), // 16
        marketValue: 10 * 4.32,
        unrealisedPnl: 43.2 - 180,
        unrealisedPercent: (43.2 - 180) / 180, // −76%, as the reporter of the bug computed
      },
    },
  },
  {
    name: "several purchases of one fund: the return is the cost-weighted average of each lot's",
    input: engineInput({
      instruments: new Map([facts("ETF", "SAR", "TADAWUL")]),
      activities: [
        act({ type: "buy", date: "2025-03-01", symbol: "ETF", quantity: 10, unitPrice: 100 }),
        act({ type: "buy", date: "2025-06-01", symbol: "ETF", quantity: 10, unitPrice: 150 }),
        act({ type: "buy", date: "2025-09-01", symbol: "ETF", quantity: 10, unitPrice: 120 }),
      ],
      quotes: new Map([quote("ETF", 130)]),
    }),
    expect: {
      ETF: {
        averageCost: 3700 / 30,
        // (1,000 × 30% + 1,500 × −13.33% + 1,200 × 8.33%) ÷ 3,700 = (300 − 200 + 100) ÷ 3,700
        unrealisedPercent: (300 - 200 + 100) / 3700,
      },
    },
  },
  {
    name: "two round trips on one ticker: realised P&L adds up per cycle",
    input: engineInput({
      baseCurrency: "USD",
      instruments: new Map([facts("COIN", "USD", "NASDAQ")]),
      activities: [
        act({
          type: "buy",
          date: "2024-10-31",
          symbol: "COIN",
          quantity: 20,
          unitPrice: 218,
          commission: 16,
          currency: "USD",
        }),
        act({
          type: "sell",
          date: "2024-11-13",
          symbol: "COIN",
          quantity: 20,
          unitPrice: 320,
          commission: 16.18,
          currency: "USD",
        }),
        act({
          type: "buy",
          date: "2024-11-19",
          symbol: "COIN",
          quantity: 30,
          unitPrice: 290,
          commission: 16,
          currency: "USD",
        }),
        act({
          type: "sell",
          date: "2024-11-20",
          symbol: "COIN",
          quantity: 30,
          unitPrice: 321,
          commission: 16.27,
          currency: "USD",
        }),
      ],
    }),
    expect: {
      // (320×20 − 218×20 − 16 − 16.18) + (321×30 − 290×30 − 16 − 16.27) = 2,007.82 + 897.73
      totals: { realisedPnl: 2007.82 + 897.73, marketValue: 0 },
    },
  },
  {
    name: "a split then a bonus issue, then a sale",
    input: engineInput({
      instruments: new Map([facts("2010", "SAR", "TADAWUL")]),
      activities: [
        act({ type: "buy", date: "2025-01-05", symbol: "2010", quantity: 100, unitPrice: 50 }),
        act({ type: "split", date: "2025-03-01", symbol: "2010", splitRatio: 2 }), // 200 shares at 25
        act({ type: "bonus", date: "2025-05-01", symbol: "2010", quantity: 50 }), // 1 free for every 4 held
        act({ type: "sell", date: "2025-06-01", symbol: "2010", quantity: 50, unitPrice: 30 }),
      ],
      quotes: new Map([quote("2010", 22)]),
    }),
    expect: {
      "2010": {
        quantity: 100 * 2 + 50 - 50,
        averageCost: 5000 / 250, // 20: the same 5,000 spread over 250 shares
        realisedPnl: 50 * 30 - (5000 / 250) * 50, // 500
        costBasis: 200 * 20,
        unrealisedPnl: 200 * 22 - 4000,
      },
    },
  },
  {
    name: "dividends net of withholding, in the instrument's currency at the pay date",
    input: engineInput({
      instruments: new Map([facts("2222", "SAR", "TADAWUL"), facts("MSFT", "USD", "NASDAQ")]),
      activities: [
        act({ type: "buy", date: "2025-01-05", symbol: "2222", quantity: 1000, unitPrice: 28 }),
        act({
          type: "buy",
          date: "2025-01-05",
          symbol: "MSFT",
          quantity: 10,
          unitPrice: 400,
          currency: "USD",
        }),
        act({ type: "dividend", date: "2025-04-01", symbol: "2222", amount: 1500, withholding: 75 }),
        act({
          type: "dividend",
          date: "2025-06-01",
          symbol: "MSFT",
          amount: 100,
          withholding: 15,
          currency: "USD",
        }),
      ],
      quotes: new Map([quote("2222", 28), quote("MSFT", 400)]),
    }),
    expect: {
      "2222": { dividendIncome: 1500 - 75 },
      MSFT: { dividendIncome: (100 - 15) * 3.75 }, // 318.75 SAR
      totals: { dividendIncome: 1425 + 318.75, unrealisedPnl: 0 },
      cash: { cash: 1425 + 318.75 },
    },
  },
  {
    name: "a KWD holding priced in fils by its source",
    input: engineInput({
      baseCurrency: "KWD",
      instruments: new Map([facts("KFH", "KWD", "BOURSA_KUWAIT", "Banks")]),
      activities: [
        // 850 fils a share → 0.850 KWD; commission 1.5 KWD
        act({
          type: "buy",
          date: "2025-05-01",
          symbol: "KFH",
          quantity: 1000,
          unitPrice: normaliseQuotePrice(850, "KWF").price,
          commission: 1.5,
          currency: "KWD",
        }),
      ],
      quotes: new Map([
        quote("KFH", normaliseQuotePrice(920, "KWF").price, normaliseQuotePrice(910, "fils").price),
      ]),
    }),
    expect: {
      KFH: {
        averageCost: (1000 * 0.85 + 1.5) / 1000, // 0.8515 KWD
        price: 0.92,
        marketValue: 1000 * 0.92,
        unrealisedPnl: 920 - 851.5,
        todayChange: 1000 * (0.92 - 0.91),
      },
    },
  },
  {
    name: "an AED portfolio holding SAR, USD and KWD assets, each converted at its activity's date",
    input: engineInput({
      baseCurrency: "AED",
      instruments: new Map([
        facts("2222", "SAR", "TADAWUL", "Energy"),
        facts("AAPL", "USD", "NASDAQ", "Technology"),
        facts("KFH", "KWD", "BOURSA_KUWAIT", "Banks"),
      ]),
      floating: {
        KWD: [
          { date: "2026-01-02", perUsd: 0.307 },
          { date: "2026-01-08", perUsd: 0.305 },
          { date: "2026-01-09", perUsd: 0.304 },
        ],
      },
      activities: [
        act({ type: "buy", date: "2026-01-04", symbol: "2222", quantity: 100, unitPrice: 30 }),
        act({
          type: "buy",
          date: "2026-01-04",
          symbol: "AAPL",
          quantity: 10,
          unitPrice: 200,
          currency: "USD",
        }),
        act({
          type: "buy",
          date: "2026-01-05",
          symbol: "KFH",
          quantity: 1000,
          unitPrice: 0.8,
          currency: "KWD",
        }),
        act({
          type: "sell",
          date: "2026-01-08",
          symbol: "KFH",
          quantity: 500,
          unitPrice: 0.9,
          currency: "KWD",
        }),
      ],
      quotes: new Map([quote("2222", 32), quote("AAPL", 210), quote("KFH", 0.95)]),
    }),
    expect: {
      "2222": {
        costBasis: 3000 * SAR_AED, // 3,000 SAR × 3.6725/3.75 = 2,938 AED (exact pegs)
        marketValue: 3200 * SAR_AED,
      },
      AAPL: { costBasis: 2000 * 3.6725, marketValue: 2100 * 3.6725 },
      KFH: {
        averageCost: 0.8, // in KWD, untouched by FX
        costBasis: 400 * (3.6725 / 0.307), // the kept half at the purchase date's KWD rate
        // proceeds at the sale date's rate − the sold half's cost at the purchase date's rate
        realisedPnl: 450 * (3.6725 / 0.305) - 400 * (3.6725 / 0.307),
        marketValue: 475 * (3.6725 / 0.304), // today's rate (last on or before today: 01-09)
      },
      totals: { costBasis: 2938 + 7345 + 400 * (3.6725 / 0.307) },
    },
  },
];

describe("portfolio engine: hand-computed cases", () => {
  it.each(cases)("$name", ({ input, expect: wanted }) => {
    const snap = computeSnapshot(input);
    const { totals, cash, ...bySymbol } = wanted;
    for (const [symbol, fields] of Object.entries(bySymbol)) {
      const h = snap.holdings.find((x) => x.symbol === symbol);
      expect(h, symbol).toBeDefined();
      for (const [field, value] of Object.entries(fields)) {
        expect(h![field as keyof Holding], `${symbol}.${field}`).toBeCloseTo(value as number, 6);
      }
    }
    for (const [field, value] of Object.entries(totals ?? {})) {
      expect(snap.totals[field as keyof PortfolioSnapshot["totals"]], `totals.${field}`).toBeCloseTo(
        value,
        6,
      );
    }
    if (cash?.cash !== undefined) expect(snap.cash).toBeCloseTo(cash.cash, 6);
    expect(snap.warnings).toEqual([]);
  });
});

describe("portfolio engine: dividends received before a later purchase", () => {
  it("returns are measured on all money invested, the dividend is income beside them", () => {
    const snap = computeSnapshot(
      engineInput({
        baseCurrency: "USD",
        today: "2025-09-02",
        instruments: new Map([facts("X", "USD", "NYSE")]),
        activities: [
          act({
            type: "buy",
            date: "2024-12-20",
            symbol: "X",
            quantity: 1,
            unitPrice: 10.8,
            commission: 2,
            currency: "USD",
          }),
          act({ type: "dividend", date: "2025-04-17", symbol: "X", amount: 0.27, currency: "USD" }),
          act({
            type: "buy",
            date: "2025-08-29",
            symbol: "X",
            quantity: 14,
            unitPrice: 12,
            commission: 2,
            currency: "USD",
          }),
        ],
        quotes: new Map([quote("X", 11.62)]),
      }),
    );
    const h = snap.holdings[0];
    expect(h.costBasis).toBeCloseTo(12.8 + 170, 9); // investment 182.80
    expect(h.marketValue).toBeCloseTo(15 * 11.62, 9); // 174.30
    expect(h.unrealisedPercent).toBeCloseTo(-8.5 / 182.8, 9); // −4.65%, not −60%
    expect(h.dividendIncome).toBeCloseTo(0.27, 9);
  });
});
