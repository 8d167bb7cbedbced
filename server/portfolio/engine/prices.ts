import type { EngineInput } from "./types";

/**
 * Per-day closes of one instrument over the day range (NaN where no close exists yet), each day
 * carrying the last close on or before it. Filled in one pass from `closesBetween` when the
 * history offers it, else by one `closeOn` per day; built once per instrument and computation.
 */
export function dailyCloses(input: EngineInput, symbol: string, dates: string[]): Float64Array {
  const out = new Float64Array(dates.length).fill(Number.NaN);
  const { closes } = input;
  const valid = (v: number | null | undefined): v is number => v != null && Number.isFinite(v) && v > 0;
  if (!closes.closesBetween) {
    for (let i = 0; i < dates.length; i++) {
      const v = closes.closeOn(symbol, dates[i]);
      if (valid(v)) out[i] = v;
    }
    return out;
  }
  const seed = closes.closeOn(symbol, dates[0]);
  const rows = closes.closesBetween(symbol, dates[0], dates[dates.length - 1]);
  let current = valid(seed) ? seed : Number.NaN;
  let r = 0;
  for (let i = 0; i < dates.length; i++) {
    while (r < rows.length && rows[r].date <= dates[i]) {
      if (valid(rows[r].close)) current = rows[r].close;
      r++;
    }
    out[i] = current;
  }
  return out;
}
