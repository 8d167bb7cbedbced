/**
 * Sparklines: at most 30 points per session, the open and the latest price always kept, drawn in
 * their small box with the lowest price at the bottom.
 */
import { describe, expect, it } from "vitest";
import { downsample, SPARK_H, SPARK_POINTS, SPARK_W, sparkPoints } from "./sparklines";

describe("sparkline downsampling", () => {
  it("keeps a short series as it is", () => {
    expect(downsample([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it("takes at most 30 evenly spaced points, keeping the first and the last", () => {
    const session = Array.from({ length: 300 }, (_, i) => 100 + i);
    const out = downsample(session);
    expect(out).toHaveLength(SPARK_POINTS);
    expect(out[0]).toBe(100);
    expect(out.at(-1)).toBe(399);
    for (let i = 1; i < out.length; i++) expect(out[i]! - out[i - 1]!).toBeGreaterThanOrEqual(10);
  });
});

describe("sparkline points", () => {
  const pairs = (p: string) => p.split(" ").map((xy) => xy.split(",").map(Number) as [number, number]);

  it("spans the box left to right with the highest price at the top and the lowest at the bottom", () => {
    const p = pairs(sparkPoints([10, 12, 8, 11]));
    expect(p).toHaveLength(4);
    expect(p[0]![0]).toBe(0);
    expect(p.at(-1)![0]).toBe(SPARK_W);
    expect(p[1]![1]).toBe(1);
    expect(p[2]![1]).toBe(SPARK_H - 1);
  });

  it("draws a flat session across the middle and nothing from fewer than two prices", () => {
    expect(pairs(sparkPoints([5, 5, 5])).every(([, y]) => y === SPARK_H / 2)).toBe(true);
    expect(sparkPoints([5])).toBe("");
  });

  it("stays under 30 points for a long series", () => {
    expect(pairs(sparkPoints(Array.from({ length: 1440 }, (_, i) => Math.sin(i)))).length).toBe(SPARK_POINTS);
  });
});
