import { dayNumber, dayString } from "./dates";
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
  const cache = new Map<string, Float64Array>();
  return (currency: string, i: number): number => {
    if (currency === input.baseCurrency) return 1;
    let row = cache.get(currency);
    if (!row) {
      row = new Float64Array(dates.length).fill(Number.POSITIVE_INFINITY);
      cache.set(currency, row);
    }
    let r = row[i];
    if (r === Number.POSITIVE_INFINITY) {
      const got = input.fx.rate(currency, input.baseCurrency, dates[i]);
      r = got !== null && Number.isFinite(got) && got > 0 ? got : Number.NaN;
      row[i] = r;
    }
    return r;
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
  const dates = Array.from({ length: last + 1 }, (_, i) => dayString(firstDay + i));
  const byDay: Activity[][] = Array.from({ length: last + 1 }, () => []);
  for (const a of sorted) byDay[dayNumber(a.date) - firstDay].push(a);
  return { input, firstDay, last, dates, byDay, rateOn: rateCache(input, dates) };
}
