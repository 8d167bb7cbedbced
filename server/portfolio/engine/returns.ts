import { addDays, dayNumber, yearBefore } from "./dates";
import type { DayArrays, EngineContext } from "./state";
import { TWR_BASE } from "./sweep";
import type { Period, PeriodReturn } from "./types";
import { type DatedFlow, xirr } from "./xirr";

/** The day before each period starts (its base): returns run from that day's close to today's. */
export function periodBase(period: Period, today: string): string {
  const y = today.slice(0, 4);
  if (period === "1D") return addDays(today, -1);
  if (period === "MTD") return addDays(`${today.slice(0, 8)}01`, -1);
  if (period === "YTD") return `${+y - 1}-12-31`;
  if (period === "1Y") return yearBefore(today);
  return "0000-01-01";
}

/** Index of the base day in the arrays, −1 when the base precedes the first activity. */
function baseIndex(ctx: EngineContext, period: Period): number {
  if (period === "MAX") return -1;
  const i = dayNumber(periodBase(period, ctx.input.today)) - ctx.firstDay;
  return i < 0 ? -1 : i;
}

/**
 * XIRR flows of a period: the value at the base day as money in, each day's external flow (deposits
 * in, withdrawals out), and today's value as money out.
 */
function periodFlows(days: DayArrays, ctx: EngineContext, base: number): DatedFlow[] {
  const flows: DatedFlow[] = [];
  if (base >= 0 && days.value[base] !== 0)
    flows.push({ amount: -days.value[base], day: ctx.firstDay + base });
  for (let i = base + 1; i <= ctx.last; i++) {
    if (days.flow[i] !== 0) flows.push({ amount: -days.flow[i], day: ctx.firstDay + i });
  }
  flows.push({ amount: days.value[ctx.last], day: ctx.firstDay + ctx.last });
  return flows;
}

/**
 * Time-weighted return (chain of daily links between cash flows) and money-weighted return (XIRR,
 * annualised; `mwrPeriod` is the same rate over the period's own length) for one period.
 */
export function periodReturn(days: DayArrays, ctx: EngineContext, period: Period): PeriodReturn {
  const base = baseIndex(ctx, period);
  if (ctx.byDay.every((d) => d.length === 0) || base >= ctx.last)
    return { twr: null, mwr: null, mwrPeriod: null };
  const from = base < 0 ? TWR_BASE : days.index[base];
  const twr = from > 0 ? days.index[ctx.last] / from - 1 : null;
  const flows = periodFlows(days, ctx, base);
  const mwr = xirr(flows);
  const span = (ctx.firstDay + ctx.last - flows[0].day) / 365;
  const mwrPeriod = mwr === null ? null : (1 + mwr) ** span - 1;
  return { twr, mwr, mwrPeriod: Number.isFinite(mwrPeriod) ? mwrPeriod : null };
}
