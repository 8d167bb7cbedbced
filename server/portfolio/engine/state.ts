import type { Activity, EngineInput, EngineWarning } from "./types";

/** One instrument's running position. Money in `cost` is in the instrument's currency, the rest in base. */
export interface Position {
  symbol: string;
  currency: string;
  quantity: number;
  /** Total cost of the shares held, incl. commission+VAT, in the instrument's currency. */
  cost: number;
  /** The same cost in base currency, each purchase at its own date's FX. */
  costBase: number;
  realised: number;
  dividends: number;
  fees: number;
  /** The computation's per-day closes and base rates of this instrument (shared, read-only). */
  closes: Float64Array;
  rates: Float64Array;
}

/** The portfolio's running state while days are swept in date order. */
export interface LedgerState {
  positions: Map<string, Position>;
  cash: number;
  /** Deposits (explicit and implicit) minus withdrawals, base currency. */
  netInvested: number;
  /** Money put in on the day being swept (deposits, implicit deposits), base currency. */
  inflow: number;
  /** Money taken out on the day being swept (withdrawals), as a negative number. */
  outflow: number;
  realised: number;
  dividends: number;
  fees: number;
  warnings: Map<string, EngineWarning>;
}

/** Everything fixed for one computation: the day range, the activities bucketed by day, lookups. */
export interface EngineContext {
  input: EngineInput;
  firstDay: number;
  /** Index of today in the day arrays (days = last + 1). */
  last: number;
  dates: string[];
  byDay: Activity[][];
  /** Units of base per 1 `currency` on day index `i`, NaN when unknown. */
  rateOn(currency: string, i: number): number;
  /** Row of `rateOn` for a currency: +Infinity where not looked up yet. */
  ratesOf(currency: string): Float64Array;
  /** An instrument's last close on or before each day, NaN where none. */
  closesOf(symbol: string): Float64Array;
}

/** Per-day results, one entry per calendar day from the first activity to today. */
export interface DayArrays {
  value: Float64Array;
  /** Net external flow of the day: inflow + outflow. */
  flow: Float64Array;
  outflow: Float64Array;
  netInvested: Float64Array;
  index: Float64Array;
}

export function emptyState(): LedgerState {
  return {
    positions: new Map(),
    cash: 0,
    netInvested: 0,
    inflow: 0,
    outflow: 0,
    realised: 0,
    dividends: 0,
    fees: 0,
    warnings: new Map(),
  };
}

export function cloneState(s: LedgerState): LedgerState {
  const positions = new Map<string, Position>();
  for (const [k, p] of s.positions) positions.set(k, { ...p });
  return { ...s, positions, warnings: new Map(s.warnings) };
}

export function dayArrays(days: number): DayArrays {
  return {
    value: new Float64Array(days),
    flow: new Float64Array(days),
    outflow: new Float64Array(days),
    netInvested: new Float64Array(days),
    index: new Float64Array(days),
  };
}

/** Records a warning once per code+symbol+currency; the first (earliest) date is kept. */
export function warn(state: LedgerState, w: EngineWarning): void {
  const key = `${w.code}|${w.symbol ?? ""}|${w.currency ?? ""}`;
  if (!state.warnings.has(key)) state.warnings.set(key, w);
}

/**
 * Units of base per 1 `currency` on day `i`. A missing rate is never taken as 1.0: it warns
 * "missing-fx" and falls back to today's rate, or to 0 (the amount left out) when that is missing too.
 */
export function baseRate(state: LedgerState, ctx: EngineContext, currency: string, i: number): number {
  const r = ctx.rateOn(currency, i);
  if (!Number.isNaN(r)) return r;
  warn(state, { code: "missing-fx", currency, date: ctx.dates[i] });
  const today = ctx.rateOn(currency, ctx.last);
  return Number.isNaN(today) ? 0 : today;
}
