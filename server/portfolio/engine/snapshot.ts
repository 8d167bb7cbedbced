import { allocationOf } from "./allocation";
import { createContext } from "./context";
import { holdingOf } from "./holdings";
import { periodReturn } from "./returns";
import { type DayArrays, dayArrays, type EngineContext, emptyState, type LedgerState } from "./state";
import { sweep } from "./sweep";
import { setWeights, totalsOf } from "./totals";
import { type EngineInput, type Holding, PERIODS, type PortfolioSnapshot, type SeriesPoint } from "./types";
import { zakatEstimate } from "./zakat";

function byValue(a: Holding, b: Holding): number {
  return (b.marketValue ?? -1) - (a.marketValue ?? -1) || (a.symbol < b.symbol ? -1 : 1);
}

function seriesOf(ctx: EngineContext, days: DayArrays): SeriesPoint[] {
  if (ctx.byDay.every((d) => d.length === 0)) return [];
  return ctx.dates.map((date, i) => ({
    date,
    value: days.value[i],
    netInvested: days.netInvested[i],
    twrIndex: days.index[i],
  }));
}

function valuedPositions(state: LedgerState, ctx: EngineContext) {
  const holdings: Holding[] = [];
  const closedPositions: Holding[] = [];
  for (const p of state.positions.values()) {
    if (p.quantity > 0) holdings.push(holdingOf(state, ctx, p));
    else if (p.realised || p.dividends || p.fees) closedPositions.push(holdingOf(state, ctx, p));
  }
  for (const h of holdings) if (h.price === null) state.warnings.set(`missing-price|${h.symbol}`, missing(h));
  return { holdings: holdings.sort(byValue), closedPositions: closedPositions.sort(byValue) };
}

function missing(h: Holding) {
  return { code: "missing-price" as const, symbol: h.symbol };
}

/**
 * The snapshot from a swept state: holdings at today's prices and FX, totals, allocation, returns
 * over every period, the daily series and the zakat estimate. Leaves `swept` untouched (today's
 * lookups warn into a copy), so the ledger can build a snapshot again after a tick.
 */
export function buildSnapshot(swept: LedgerState, ctx: EngineContext, days: DayArrays): PortfolioSnapshot {
  const state = { ...swept, warnings: new Map(swept.warnings) };
  const { holdings, closedPositions } = valuedPositions(state, ctx);
  const totals = totalsOf(holdings, days.value[ctx.last], swept);
  setWeights(holdings, totals.marketValue);
  const performance = Object.fromEntries(PERIODS.map((p) => [p, periodReturn(days, ctx, p)]));
  return {
    baseCurrency: ctx.input.baseCurrency,
    asOf: ctx.input.today,
    holdings,
    cash: swept.cash,
    totals,
    allocation: allocationOf(holdings),
    performance: performance as PortfolioSnapshot["performance"],
    series: seriesOf(ctx, days),
    zakat: zakatEstimate(totals.marketValue, ctx.input.zakatStart ?? ctx.input.today),
    simulated: holdings.some((h) => h.simulated),
    warnings: [...state.warnings.values()],
    closedPositions,
  };
}

/** Values a portfolio from its activities, closes, FX and live quotes (pure; O(activities + days × holdings)). */
export function computeSnapshot(input: EngineInput): PortfolioSnapshot {
  const ctx = createContext(input);
  const state = emptyState();
  const days = dayArrays(ctx.last + 1);
  sweep(state, ctx, days, 0, ctx.last);
  return buildSnapshot(state, ctx, days);
}
