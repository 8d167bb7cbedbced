import { describe, expect, it } from "vitest";
import { dayNumber } from "./dates";
import { computeSnapshot } from "./snapshot";
import { act, closesFrom, engineInput, facts, quote } from "./testing";
import { xirr } from "./xirr";

const flow = (date: string, amount: number) => ({ day: dayNumber(date), amount });

/** An independent XIRR: plain bisection on the NPV (not the engine's Newton), to 1e-12. */
function bisectionXirr(flows: Array<{ day: number; amount: number }>): number {
  const npv = (r: number) =>
    flows.reduce((s, f) => s + f.amount / (1 + r) ** ((f.day - flows[0].day) / 365), 0);
  let lo = -0.99;
  let hi = 1e6;
  for (let k = 0; k < 400; k++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(npv(mid)) === Math.sign(npv(lo))) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe("XIRR", () => {
  it("matches the spreadsheet documentation's example (0.373362535)", () => {
    const r = xirr([
      flow("2008-01-01", -10000),
      flow("2008-03-01", 2750),
      flow("2008-10-30", 4250),
      flow("2009-02-15", 3250),
      flow("2009-04-01", 2750),
    ]);
    expect(r).toBeCloseTo(0.373362535, 8);
  });

  it("falls back to bisection for a very high rate and matches the closed form", () => {
    // −100 then +300 thirty days later: (300 / 100)^(365 / 30) − 1
    const r = xirr([flow("2025-01-01", -100), flow("2025-01-31", 300)]);
    expect(r! / (3 ** (365 / 30) - 1)).toBeCloseTo(1, 9);
  });

  it("is null without both money in and money out", () => {
    expect(xirr([flow("2025-01-01", -100), flow("2025-02-01", -50)])).toBeNull();
    expect(xirr([flow("2025-01-01", 100)])).toBeNull();
  });
});

describe("time- and money-weighted returns of a portfolio", () => {
  const twoPurchases = () =>
    computeSnapshot(
      engineInput({
        today: "2026-01-10",
        instruments: new Map([facts("ETF", "SAR", "TADAWUL")]),
        closes: closesFrom({
          ETF: [
            ["2025-01-10", 100],
            ["2025-07-10", 120],
          ],
        }),
        activities: [
          act({ type: "buy", date: "2025-01-10", symbol: "ETF", quantity: 10, unitPrice: 100 }),
          act({ type: "buy", date: "2025-07-11", symbol: "ETF", quantity: 10, unitPrice: 120 }),
        ],
        quotes: new Map([quote("ETF", 110, 120)]),
      }),
    );

  it("TWR chains the price path, whatever was invested when (100 → 120 → 110)", () => {
    const p = twoPurchases().performance;
    expect(p.MAX.twr).toBeCloseTo((120 / 100) * (110 / 120) - 1, 12); // 10%
    expect(p["1Y"].twr).toBeCloseTo(0.1, 12); // the base day is the first purchase's close
    expect(p.YTD.twr).toBeCloseTo(110 / 120 - 1, 12);
    expect(p.MTD.twr).toBeCloseTo(110 / 120 - 1, 12);
    expect(p["1D"].twr).toBeCloseTo(110 / 120 - 1, 12);
  });

  it("XIRR weighs the money: 1,000 in, 1,200 in 182 days later, 2,200 out a year after the start", () => {
    const p = twoPurchases().performance;
    const independent = bisectionXirr([
      flow("2025-01-10", -1000),
      flow("2025-07-11", -1200),
      flow("2026-01-10", 2200),
    ]);
    expect(p.MAX.mwr).toBeCloseTo(independent, 9);
    expect(p["1Y"].mwr).toBeCloseTo(independent, 9);
    // YTD: worth 2,400 at 31 Dec, 2,200 ten days later: (2200 / 2400)^(365 / 10) − 1
    expect(p.YTD.mwr).toBeCloseTo((2200 / 2400) ** (365 / 10) - 1, 9);
    expect(p.YTD.mwrPeriod).toBeCloseTo(2200 / 2400 - 1, 9);
  });

  it("a withdrawal counts until the end of its day; TWR and XIRR against hand figures", () => {
    const snap = computeSnapshot(
      engineInput({
        today: "2026-01-10",
        instruments: new Map([facts("X", "SAR", "TADAWUL")]),
        closes: closesFrom({
          X: [
            ["2026-01-01", 100],
            ["2026-01-05", 110],
            ["2026-01-08", 121],
          ],
        }),
        activities: [
          act({ type: "deposit", date: "2026-01-01", amount: 10000 }),
          act({ type: "buy", date: "2026-01-01", symbol: "X", quantity: 100, unitPrice: 100 }),
          act({ type: "sell", date: "2026-01-06", symbol: "X", quantity: 50, unitPrice: 110 }),
          act({ type: "withdrawal", date: "2026-01-06", amount: 5500 }),
        ],
      }),
    );
    // 100 → 110 (+10%) on 10,000; then 50 shares 110 → 121 (+10%): 1.1 × 1.1 − 1
    expect(snap.performance.MAX.twr).toBeCloseTo(0.21, 12);
    const independent = bisectionXirr([
      flow("2026-01-01", -10000),
      flow("2026-01-06", 5500),
      flow("2026-01-10", 50 * 121),
    ]);
    expect(snap.performance.MAX.mwr).toBeCloseTo(independent, 9);
    const last = snap.series.at(-1)!;
    expect(last).toEqual({
      date: "2026-01-10",
      value: 6050,
      netInvested: 4500,
      twrIndex: expect.any(Number),
    });
    expect(last.twrIndex).toBeCloseTo(121, 9);
    expect(snap.series[0]).toEqual({ date: "2026-01-01", value: 10000, netInvested: 10000, twrIndex: 100 });
  });

  it("a re-bought position's return does not carry the old lot (series of an account sold out and back in)", () => {
    const snap = computeSnapshot(
      engineInput({
        instruments: new Map([facts("1120", "SAR", "TADAWUL")]),
        closes: closesFrom({
          "1120": [
            ["2026-01-02", 100],
            ["2026-01-03", 120],
            ["2026-01-05", 80],
          ],
        }),
        activities: [
          act({ type: "buy", date: "2026-01-02", symbol: "1120", quantity: 10, unitPrice: 100 }),
          act({ type: "sell", date: "2026-01-03", symbol: "1120", quantity: 10, unitPrice: 120 }),
          act({ type: "buy", date: "2026-01-05", symbol: "1120", quantity: 5, unitPrice: 80 }),
        ],
        quotes: new Map([quote("1120", 90)]),
      }),
    );
    // 1,000 in; 1,200 after the sale; 400 of it buys 5 at 80; today 800 cash + 5 × 90 = 1,250
    expect(snap.totals.value).toBeCloseTo(1250, 9);
    expect(snap.performance.MAX.twr).toBeCloseTo(1250 / 1000 - 1, 12);
    expect(snap.holdings[0].unrealisedPercent).toBeCloseTo((450 - 400) / 400, 12);
    expect(snap.totals.realisedPnl).toBeCloseTo(200, 9);
  });
});
