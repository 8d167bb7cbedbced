import { dayNumber, dayString } from "./dates";
import { pegRate } from "./fx-pegs";
import { dailyCloses } from "./prices";
import type { EngineContext } from "./state";
import type { Activity, EngineInput } from "./types";

/** Activities in processing order: date, then entry sequence, then id (a total order). */
export function byProcessingOrder(a: Activity, b: Activity): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.sequence !== b.sequence) return a.sequence - b.sequence;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Units of base per 1 currency for each day, looked up once per currency and day. */
function rateCache(input: EngineInput, dates: string[]) {
  const rows = new Map<string, Float64Array>();
  const ratesOf = (currency: string) => {
    let row = rows.get(currency);
    if (!row) {
      // Pegged pairs are exact and constant: filled at once, no lookup per day.
      const peg = pegRate(currency, input.baseCurrency);
      row = new Float64Array(dates.length).fill(peg ?? Number.POSITIVE_INFINITY);
      rows.set(currency, row);
    }
    return row;
  };
  const rateOn = (currency: string, i: number): number => {
    const row = ratesOf(currency);
    let r = row[i];
    if (r === Number.POSITIVE_INFINITY) {
      const got = input.fx.rate(currency, input.baseCurrency, dates[i]);
      r = got !== null && Number.isFinite(got) && got > 0 ? got : Number.NaN;
      row[i] = r;
    }
    return r;
  };
  return { rateOn, ratesOf };
}

/** Consecutive "YYYY-MM-DD" strings from `first`, built without a Date per day. */
export function dateRange(first: number, count: number): string[] {
  const out: string[] = new Array(count);
  const start = dayString(first);
  let y = +start.slice(0, 4);
  let m = +start.slice(5, 7);
  let d = +start.slice(8, 10);
  const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  for (let i = 0; i < count; i++) {
    out[i] = `${y}-${pad(m)}-${pad(d)}`;
    const monthDays =
      m === 2
        ? y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)
          ? 29
          : 28
        : [4, 6, 9, 11].includes(m)
          ? 30
          : 31;
    if (++d > monthDays) {
      d = 1;
      if (++m > 12) {
        m = 1;
        y++;
      }
    }
  }
  return out;
}

/** Per-day closes of each instrument, built the first time the instrument is valued. */
function closeCache(input: EngineInput, dates: string[]) {
  const rows = new Map<string, Float64Array>();
  return (symbol: string): Float64Array => {
    let row = rows.get(symbol);
    if (!row) {
      row = dailyCloses(input, symbol, dates);
      rows.set(symbol, row);
    }
    return row;
  };
}

/**
 * The day range runs from the first activity to today, one entry per calendar day (prices on days
 * without a close carry the last close). Activities dated after today are left out.
 */
export function createContext(input: EngineInput): EngineContext {
  const todayDay = dayNumber(input.today);
  const sorted = input.activities.filter((a) => a.date <= input.today).sort(byProcessingOrder);
  const firstDay = sorted.length ? Math.min(dayNumber(sorted[0].date), todayDay) : todayDay;
  const last = todayDay - firstDay;
  const dates = dateRange(firstDay, last + 1);
  const byDay: Activity[][] = Array.from({ length: last + 1 }, () => []);
  for (const a of sorted) byDay[dayNumber(a.date) - firstDay].push(a);
  return {
    input,
    firstDay,
    last,
    dates,
    byDay,
    ...rateCache(input, dates),
    closesOf: closeCache(input, dates),
  };
}
