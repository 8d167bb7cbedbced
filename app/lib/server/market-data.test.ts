import { describe, expect, it } from "vitest";
import type { Bar, HistoryRange } from "#server/market/types";
import { openingChart } from "./market-data.server";

const bar: Bar = { time: 1, open: 1, high: 1, low: 1, close: 1 };
const marketWith = (bars: Partial<Record<HistoryRange, Bar[]>>) => ({
  history: async (_symbol: string, range: HistoryRange) => bars[range] ?? [],
});

describe("openingChart", () => {
  it("opens every instrument on its month of daily bars, whether or not it has traded today", async () => {
    expect(await openingChart(marketWith({ "1D": [bar], "1M": [bar, bar] }), "2222")).toEqual({
      range: "1M",
      bars: [bar, bar],
    });
    expect(await openingChart(marketWith({ "1M": [bar, bar] }), "emiratesnbd")).toEqual({
      range: "1M",
      bars: [bar, bar],
    });
  });
});
