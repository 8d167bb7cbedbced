import type { Holding, PortfolioTotals } from "./types";

/** Portfolio totals from the valued holdings; `value` is the day's value (cash + holdings). */
export function totalsOf(
  holdings: Holding[],
  value: number,
  running: { realised: number; dividends: number; fees: number },
): PortfolioTotals {
  let marketValue = 0;
  let costBasis = 0;
  let unrealisedPnl = 0;
  let todayChange = 0;
  let changedValue = 0;
  for (const h of holdings) {
    costBasis += h.costBasis;
    if (h.marketValue !== null) marketValue += h.marketValue;
    if (h.unrealisedPnl !== null) unrealisedPnl += h.unrealisedPnl;
    if (h.todayChange !== null && h.marketValue !== null) {
      todayChange += h.todayChange;
      changedValue += h.marketValue;
    }
  }
  // Percent of the previous close's value of the holdings that have a change today.
  const before = changedValue - todayChange;
  return {
    value,
    marketValue,
    costBasis,
    unrealisedPnl,
    realisedPnl: running.realised,
    dividendIncome: running.dividends,
    fees: running.fees,
    todayChange,
    todayChangePercent: before > 0 ? todayChange / before : null,
  };
}

/** Each holding's share of the priced holdings' market value. */
export function setWeights(holdings: Holding[], marketValue: number): void {
  for (const h of holdings)
    h.weight = h.marketValue !== null && marketValue > 0 ? h.marketValue / marketValue : null;
}
