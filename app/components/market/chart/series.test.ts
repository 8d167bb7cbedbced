import { describe, expect, it } from "vitest";
import type { Bar } from "#server/market/types";
import { comparison, maPoints, volumePoints } from "./series";

const bar = (time: number, open: number, close: number, volume?: number): Bar => ({
  time,
  open,
  high: Math.max(open, close),
  low: Math.min(open, close),
  close,
  ...(volume === undefined ? {} : { volume }),
});

describe("chart series", () => {
  it("draws volume only for bars that carry one, coloured by the bar's direction", () => {
    const v = volumePoints([bar(1, 10, 11, 500), bar(2, 11, 10), bar(3, 10, 9, 700)]);
    expect(v.map((p) => [p.time, p.value])).toEqual([
      [1, 500],
      [3, 700],
    ]);
    expect(v[0]!.color.startsWith("#059669")).toBe(true);
    expect(v[1]!.color.startsWith("#dc2626")).toBe(true);
  });

  it("starts a moving average at its first full window", () => {
    expect(maPoints([bar(1, 1, 1), bar(2, 1, 3), bar(3, 1, 5)], 2)).toEqual([
      { time: 2, value: 2 },
      { time: 3, value: 4 },
    ]);
  });

  it("rebases a company and its index to % from the first shared time", () => {
    const company = [bar(1, 10, 10), bar(2, 10, 12), bar(3, 12, 9)];
    const index = [bar(2, 100, 100), bar(3, 100, 110)];
    const c = comparison(company, index)!;
    // From time 2: company 12 → 9 = −25 %; index 100 → 110 = +10 %.
    expect(c.main).toEqual([
      { time: 2, value: 0 },
      { time: 3, value: -25 },
    ]);
    expect(c.other.map((p) => p.value)).toEqual([0, 10]);
    expect(c.mainChange).toBe(-25);
    expect(c.otherChange).toBeCloseTo(10, 10);
    expect(comparison(company, [])).toBeNull();
  });
});
