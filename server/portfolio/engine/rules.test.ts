import { describe, expect, it } from "vitest";
import { dayNumber } from "./dates";
import { isMinorUnit, normaliseQuotePrice } from "./fils";
import { createFxRates, pegRate } from "./fx-pegs";
import { computeSnapshot } from "./snapshot";
import { act, closesFrom, engineInput, facts, quote } from "./testing";
import { validateSequence } from "./validate";
import { formatHijri, hijriParts, hijriYearAfter, zakatEstimate } from "./zakat";

describe("FX", () => {
  it("uses the exact USD pegs and computes crosses between pegged currencies through USD", () => {
    const fx = createFxRates();
    expect(fx.rate("USD", "SAR", "2020-01-01")).toBe(3.75);
    expect(fx.rate("SAR", "AED", "2020-01-01")).toBe(3.6725 / 3.75);
    expect(fx.rate("OMR", "USD", "2020-01-01")).toBeCloseTo(2.6008, 4); // 1 / 0.3845
    expect(fx.rate("BHD", "QAR", "2020-01-01")).toBe(3.64 / 0.376);
    expect(fx.rate("JOD", "JOD", "2020-01-01")).toBe(1);
    expect(pegRate("KWD", "SAR")).toBeNull();
  });

  it("takes a floating currency's last rate on or before the date, and has none before the table", () => {
    const fx = createFxRates({
      KWD: [
        { date: "2026-01-05", perUsd: 0.307 },
        { date: "2026-01-08", perUsd: 0.305 },
      ],
    });
    expect(fx.rate("KWD", "USD", "2026-01-07")).toBe(1 / 0.307);
    expect(fx.rate("KWD", "SAR", "2026-01-09")).toBe(3.75 / 0.305);
    expect(fx.rate("SAR", "KWD", "2026-01-08")).toBe(0.305 / 3.75);
    expect(fx.rate("KWD", "USD", "2026-01-04")).toBeNull();
    expect(fx.rate("EUR", "USD", "2026-01-09")).toBeNull();
  });

  it("warns missing-fx instead of assuming 1.0, and converts at the first date it can", () => {
    const snap = computeSnapshot(
      engineInput({
        instruments: new Map([facts("KFH", "KWD", "BOURSA_KUWAIT")]),
        floating: { KWD: [{ date: "2026-01-08", perUsd: 0.3 }] },
        activities: [
          act({
            type: "buy",
            date: "2026-01-05",
            symbol: "KFH",
            quantity: 100,
            unitPrice: 1,
            currency: "KWD",
          }),
        ],
        quotes: new Map([quote("KFH", 1)]),
      }),
    );
    expect(snap.warnings).toContainEqual({ code: "missing-fx", currency: "KWD", date: "2026-01-05" });
    // no rate on 5 January: the cost falls back to today's rate (3.75 / 0.3 = 12.5), never to 1.0
    expect(snap.holdings[0].costBasis).toBeCloseTo(100 * 12.5, 9);
  });
});

describe("fils", () => {
  it("divides a price quoted in fils by 1,000 and names the major currency", () => {
    expect(normaliseQuotePrice(1234, "KWF")).toEqual({ price: 1.234, currency: "KWD" });
    expect(normaliseQuotePrice(850, "fils")).toEqual({ price: 0.85, currency: "KWD" });
    expect(normaliseQuotePrice(1.234, "KWD")).toEqual({ price: 1.234, currency: "KWD" });
    expect(normaliseQuotePrice(250, "GBp")).toEqual({ price: 2.5, currency: "GBP" });
    expect(isMinorUnit("GBP")).toBe(false);
  });
});

describe("zakat", () => {
  it("is 2.5% of the holdings' market value, due one Hijri year after the start", () => {
    const z = zakatEstimate(40_000, "2026-11-28");
    expect(z).toMatchObject({ base: 40_000, rate: 0.025, amount: 1000, method: "trading-market-value" });
    const start = hijriParts("2026-11-28");
    expect(hijriParts(z.dueDate)).toEqual({ ...start, year: start.year + 1 });
    expect([354, 355]).toContain(dayNumber(z.dueDate) - dayNumber("2026-11-28"));
    expect(z.dueDateHijri).toBe(formatHijri(z.dueDate));
    expect(z.dueDateHijri).toContain(String(start.year + 1));
  });

  it("falls on the month's last day when the next year's month is shorter", () => {
    // Find a start on the 30th of a Hijri month; its anniversary must land on the 29th or 30th.
    let d = "2026-01-01";
    while (hijriParts(d).day !== 30) d = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10);
    const due = hijriParts(hijriYearAfter(d));
    expect(due.year).toBe(hijriParts(d).year + 1);
    expect(due.month).toBe(hijriParts(d).month);
    expect(due.day === 30 || due.day === 29).toBe(true);
  });

  it("the snapshot's estimate uses the market value of the holdings only", () => {
    const snap = computeSnapshot(
      engineInput({
        zakatStart: "2026-01-01",
        instruments: new Map([facts("2222", "SAR", "TADAWUL")]),
        activities: [
          act({ type: "deposit", date: "2026-01-02", amount: 10_000 }),
          act({ type: "buy", date: "2026-01-02", symbol: "2222", quantity: 100, unitPrice: 30 }),
        ],
        quotes: new Map([quote("2222", 32)]),
      }),
    );
    expect(snap.zakat.base).toBe(3200);
    expect(snap.zakat.amount).toBeCloseTo(80, 9); // 3,200 × 2.5%
    expect(snap.totals.value).toBeCloseTo(3200 + 7000, 9); // cash is in the value, not in the zakat base
  });
});

describe("valuation flags", () => {
  it("a holding without a price warns missing-price and counts at cost; a simulated quote marks the valuation", () => {
    const snap = computeSnapshot(
      engineInput({
        instruments: new Map([facts("A", "SAR", "TADAWUL", "Banks"), facts("B", "AED", "DFM", null)]),
        closes: closesFrom({}),
        activities: [
          act({ type: "buy", date: "2026-01-02", symbol: "A", quantity: 10, unitPrice: 10 }),
          act({ type: "buy", date: "2026-01-02", symbol: "B", quantity: 10, unitPrice: 10, currency: "AED" }),
        ],
        quotes: new Map([quote("A", 12, 11, true)]),
      }),
    );
    expect(snap.warnings).toEqual([{ code: "missing-price", symbol: "B" }]);
    const b = snap.holdings.find((h) => h.symbol === "B")!;
    expect(b).toMatchObject({ price: null, marketValue: null, unrealisedPnl: null, weight: null });
    expect(snap.simulated).toBe(true);
    expect(snap.totals.value).toBeCloseTo(120 + 100 * (3.75 / 3.6725), 9);
    expect(snap.allocation.bySector).toEqual([{ key: "Banks", value: 120, weight: 1 }]);
    expect(snap.holdings.find((h) => h.symbol === "A")).toMatchObject({
      weight: 1,
      simulated: true,
      source: "test",
    });
  });

  it("allocates by exchange, sector and currency in base currency", () => {
    const snap = computeSnapshot(
      engineInput({
        instruments: new Map([
          facts("A", "SAR", "TADAWUL", "Banks"),
          facts("B", "SAR", "TADAWUL", "Energy"),
          facts("C", "USD", "NASDAQ", "Banks"),
        ]),
        activities: ["A", "B", "C"].map((s) =>
          act({
            type: "buy",
            date: "2026-01-02",
            symbol: s,
            quantity: 10,
            unitPrice: 10,
            currency: s === "C" ? "USD" : "SAR",
          }),
        ),
        quotes: new Map([quote("A", 10), quote("B", 30), quote("C", 10)]),
      }),
    );
    // A 100 SAR, B 300 SAR, C 10 × 10 USD × 3.75 = 375 SAR; total 775
    expect(snap.allocation.byExchange).toEqual([
      { key: "TADAWUL", value: 400, weight: 400 / 775 },
      { key: "NASDAQ", value: 375, weight: 375 / 775 },
    ]);
    expect(snap.allocation.bySector.map((s) => [s.key, s.value])).toEqual([
      ["Banks", 475],
      ["Energy", 300],
    ]);
    expect(snap.allocation.byCurrency.map((s) => s.key)).toEqual(["SAR", "USD"]);
  });
});

describe("validateSequence", () => {
  const instruments = new Map([facts("2222", "SAR", "TADAWUL")]);
  it("refuses a sale beyond the shares held at its date, counting splits and bonus shares", () => {
    const list = [
      act({ type: "sell", date: "2026-01-06", symbol: "2222", quantity: 251, unitPrice: 30, sequence: 4 }),
      act({ type: "buy", date: "2026-01-02", symbol: "2222", quantity: 100, unitPrice: 30, sequence: 1 }),
      act({ type: "split", date: "2026-01-03", symbol: "2222", splitRatio: 2, sequence: 2 }),
      act({ type: "bonus", date: "2026-01-04", symbol: "2222", quantity: 50, sequence: 3 }),
      act({ type: "sell", date: "2026-01-06", symbol: "2222", quantity: 250, unitPrice: 30, sequence: 5 }),
    ];
    expect(validateSequence(list, { instruments, today: "2026-01-10" })).toEqual([
      { index: 0, code: "oversell", id: list[0].id },
    ]);
    // the same sale entered after the full one: it is now the one that oversells
    list[0].sequence = 6;
    expect(validateSequence(list, { instruments, today: "2026-01-10" })).toEqual([
      { index: 0, code: "oversell", id: list[0].id },
    ]);
  });

  it("refuses unknown symbols, non-positive figures, bad and future dates", () => {
    const list = [
      act({ type: "buy", date: "2026-01-02", symbol: "NOPE", quantity: 1, unitPrice: 1 }),
      act({ type: "buy", date: "2026-01-02", symbol: "2222", quantity: 0, unitPrice: 1 }),
      act({ type: "buy", date: "2026-01-02", symbol: "2222", quantity: 1, unitPrice: -1 }),
      act({ type: "buy", date: "2026-02-30", symbol: "2222", quantity: 1, unitPrice: 1 }),
      act({ type: "buy", date: "2026-01-11", symbol: "2222", quantity: 1, unitPrice: 1 }),
      act({ type: "deposit", date: "2026-01-02", amount: 0 }),
      act({ type: "split", date: "2026-01-02", symbol: "2222", splitRatio: 0 }),
      act({ type: "buy", date: "2026-01-02", symbol: "2222", quantity: 1, unitPrice: 1, commission: -1 }),
      act({ type: "sell", date: "2026-01-02", symbol: null, quantity: 1, unitPrice: 1 }),
    ];
    expect(validateSequence(list, { instruments, today: "2026-01-10" }).map((i) => i.code)).toEqual([
      "unknown-symbol",
      "non-positive-quantity",
      "non-positive-price",
      "bad-date",
      "future-date",
      "non-positive-amount",
      "bad-split-ratio",
      "negative-amount",
      "missing-symbol",
    ]);
  });
});
