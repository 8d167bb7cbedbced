import type { EngineInput, PortfolioSnapshot } from "./types";

/** Values a portfolio from its activities, closes, FX and live quotes. */
export function computeSnapshot(input: EngineInput): PortfolioSnapshot {
  const empty = { twr: null, mwr: null };
  return {
    baseCurrency: input.baseCurrency,
    asOf: input.today,
    holdings: [],
    cash: 0,
    totals: {
      value: 0,
      marketValue: 0,
      costBasis: 0,
      unrealisedPnl: 0,
      realisedPnl: 0,
      dividendIncome: 0,
      fees: 0,
      todayChange: 0,
      todayChangePercent: null,
    },
    allocation: { byExchange: [], bySector: [], byCurrency: [] },
    performance: { "1D": empty, MTD: empty, YTD: empty, "1Y": empty, MAX: empty },
    series: [],
    zakat: {
      base: 0,
      rate: 0.025,
      amount: 0,
      dueDate: input.today,
      dueDateHijri: "",
      method: "trading-market-value",
    },
    simulated: false,
    warnings: [],
  };
}
