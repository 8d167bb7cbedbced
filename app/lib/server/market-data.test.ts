import { describe, expect, it } from "vitest";
import type { Bar, HistoryRange } from "#server/market/types";
import { openingChart } from "./market-data.server";

const bar: Bar = { time: 1, open: 1, high: 1, low: 1, close: 1 };
const marketWith = (bars: Partial<Record<HistoryRange, Bar[]>>) => ({
  history: async (_symbol: string, range: HistoryRange) => bars[range] ?? [],
});

describe("openingChart", () => {
  it("opens on the latest session when there are intraday bars", async () => {
    expect(await openingChart(marketWith({ "1D": [bar], "1M": [bar, bar] }), "TASI")).toEqual({
      range: "1D",
      bars: [bar],
    });
  });

  it("opens on the month of daily bars when there are no intraday bars yet", async () => {
    expect(await openingChart(marketWith({ "1M": [bar, bar] }), "9530")).toEqual({
      range: "1M",
      bars: [bar, bar],
    });
  });
});
