import { describe, expect, it } from "vitest";
import { alignCloses, rebase, rsi, sma } from "./indicators";

describe("sma", () => {
  it("averages the last n values and is empty until the window is full", () => {
    // (1+2+3)/3 = 2, (2+3+4)/3 = 3, (3+4+8)/3 = 5
    expect(sma([1, 2, 3, 4, 8], 3)).toEqual([null, null, 2, 3, 5]);
  });
  it("refuses a period that is not a whole number of at least one", () => {
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });
});

describe("rsi", () => {
  it("matches Wilder's RSI computed by hand", () => {
    // Changes: +1, −1, +2, −1, +1. Period 2:
    // first averages (i = 2): gain (1+0)/2 = 0.5, loss (0+1)/2 = 0.5 → RS 1 → RSI 50
    // i = 3 (+2): gain (0.5+2)/2 = 1.25, loss (0.5+0)/2 = 0.25 → RS 5 → 100 − 100/6 = 83.333…
    // i = 4 (−1): gain 1.25/2 = 0.625, loss (0.25+1)/2 = 0.625 → RS 1 → 50
    // i = 5 (+1): gain (0.625+1)/2 = 0.8125, loss 0.3125 → RS 2.6 → 100 − 100/3.6 = 72.222…
    const out = rsi([10, 11, 10, 12, 11, 12], 2);
    expect(out.slice(0, 2)).toEqual([null, null]);
    expect(out[2]).toBeCloseTo(50, 10);
    expect(out[3]).toBeCloseTo(83.3333333333, 8);
    expect(out[4]).toBeCloseTo(50, 10);
    expect(out[5]).toBeCloseTo(72.2222222222, 8);
  });
  it("is 100 after only gains, 0 after only losses, 50 when flat; nothing before 14 changes", () => {
    const up = Array.from({ length: 16 }, (_, i) => 10 + i);
    expect(rsi(up).at(-1)).toBe(100);
    expect(rsi(up.toReversed()).at(-1)).toBe(0);
    expect(rsi(Array(15).fill(5)).at(-1)).toBe(50);
    expect(rsi(up.slice(0, 14)).every((v) => v === null)).toBe(true);
    expect(rsi(up.slice(0, 15))[14]).toBe(100);
  });
});

describe("rebase", () => {
  it("gives each value's percentage change from the first", () => {
    expect(rebase([50, 55, 45, 50])).toEqual([0, 10, -10, 0]);
  });
  it("is empty without a positive first value", () => {
    expect(rebase([])).toEqual([]);
    expect(rebase([0, 1])).toEqual([]);
  });
});

describe("alignCloses", () => {
  it("takes the comparison's latest close at or before each time, none before its first bar", () => {
    const other = [
      { time: 20, close: 2 },
      { time: 40, close: 4 },
    ];
    expect(alignCloses([10, 20, 30, 40, 50], other)).toEqual([null, 2, 2, 4, 4]);
  });
});
