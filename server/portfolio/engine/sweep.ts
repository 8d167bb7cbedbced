import { applyActivity } from "./positions";
import type { DayArrays, EngineContext, LedgerState } from "./state";
import { portfolioValue } from "./valuation";

export const TWR_BASE = 100;

/**
 * The day's link of the time-weighted index, as Portfolio Performance's "true time-weighted rate of
 * return" links days: money put in counts from the start of the day, money taken out until its end,
 * so the day's return is (value + outflows) ÷ (yesterday's value + inflows) − 1. A day with nothing
 * invested links 0. Robust to a large purchase on a day that starts with little in the portfolio.
 */
export function linkIndex(days: DayArrays, i: number): void {
  const prevValue = i > 0 ? days.value[i - 1] : 0;
  const prevIndex = i > 0 ? days.index[i - 1] : TWR_BASE;
  const inflow = days.flow[i] - days.outflow[i];
  const start = prevValue + inflow;
  const end = days.value[i] - days.outflow[i];
  // A day that ends with nothing at all (fees took the last cash, nothing held) links 0 rather
  // than −100%: prices are always positive, so this never hides a holding's loss.
  days.index[i] = start > 1e-9 && end > 1e-9 ? prevIndex * (end / start) : prevIndex;
}

/**
 * Sweeps days `from`..`to` (inclusive) in order: applies each day's activities, then values the
 * portfolio at the day's close and links the day into the index. `beforeDay` sees the state as
 * the day starts (the ledger keeps checkpoints there). Cost: O(activities + days × open positions).
 */
export function sweep(
  state: LedgerState,
  ctx: EngineContext,
  days: DayArrays,
  from: number,
  to: number,
  beforeDay?: (i: number, state: LedgerState) => void,
): void {
  for (let i = from; i <= to; i++) {
    beforeDay?.(i, state);
    state.inflow = 0;
    state.outflow = 0;
    for (const a of ctx.byDay[i]) applyActivity(state, ctx, a, i);
    days.flow[i] = state.inflow + state.outflow;
    days.outflow[i] = state.outflow;
    days.netInvested[i] = state.netInvested;
    days.value[i] = portfolioValue(state, ctx, i);
    linkIndex(days, i);
  }
}
