import { dayNumber } from "./dates";
import type { FxRates } from "./types";

/**
 * Units of each pegged currency per 1 USD, as fixed by its central bank. A rate between two pegged
 * currencies is computed through USD from these exact figures (SAR→AED = 3.6725 / 3.75), never from
 * a quoted cross rate, so a portfolio in AED holding SAR assets has no drift. 1 OMR = 1/0.3845 =
 * 2.6008 USD; 1 JOD = 1/0.709 = 1.4104 USD.
 */
export const USD_PEGS: Readonly<Record<string, number>> = {
  USD: 1,
  SAR: 3.75,
  AED: 3.6725,
  QAR: 3.64,
  BHD: 0.376,
  OMR: 0.3845,
  JOD: 0.709,
};

export function isPegged(currency: string): boolean {
  return currency in USD_PEGS;
}

/** Units of `to` per 1 `from` when both are pegged to USD, else null. */
export function pegRate(from: string, to: string): number | null {
  if (from === to) return 1;
  const f = USD_PEGS[from];
  const t = USD_PEGS[to];
  return f && t ? t / f : null;
}

/** One floating currency's daily history: units of the currency per 1 USD, sorted by date. */
export type DailyUsdRates = ReadonlyArray<{ date: string; perUsd: number }>;

interface Series {
  days: Int32Array;
  perUsd: Float64Array;
}

function toSeries(rows: DailyUsdRates): Series {
  const sorted = [...rows].filter((r) => r.perUsd > 0).sort((a, b) => (a.date < b.date ? -1 : 1));
  return {
    days: Int32Array.from(sorted, (r) => dayNumber(r.date)),
    perUsd: Float64Array.from(sorted, (r) => r.perUsd),
  };
}

/** Index of the last entry on or before `day`, or -1. */
export function lastOnOrBefore(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid] <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * FX rates for the engine: exact pegs for the Gulf currencies and USD, and for a floating currency
 * (KWD, EUR, …) the last stored daily rate on or before the date. A currency with no rate on or
 * before the date gives null — the engine then warns "missing-fx" rather than assume 1.0.
 */
export function createFxRates(floating: Record<string, DailyUsdRates> = {}): FxRates {
  const tables = new Map<string, Series>();
  for (const [currency, rows] of Object.entries(floating)) tables.set(currency, toSeries(rows));
  const perUsd = (currency: string, day: number): number | null => {
    const peg = USD_PEGS[currency];
    if (peg) return peg;
    const s = tables.get(currency);
    if (!s) return null;
    const i = lastOnOrBefore(s.days, day);
    return i < 0 ? null : s.perUsd[i];
  };
  return {
    rate(from, to, date) {
      if (from === to) return 1;
      const pegged = pegRate(from, to);
      if (pegged !== null) return pegged;
      const day = dayNumber(date);
      const f = perUsd(from, day);
      const t = perUsd(to, day);
      return f && t ? t / f : null;
    },
  };
}
