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
  if (closes.dailyCloses) return closes.dailyCloses(symbol, dates[0], dates[dates.length - 1]);
  if (!closes.closesBetween) {
    for (let i = 0; i < dates.length; i++) {
      const v = closes.closeOn(symbol, dates[i]);
      if (valid(v)) out[i] = v;
    }
    return out;
  }
  const seed = closes.closeOn(symbol, dates[0]);
  const rows = closes.closesBetween(symbol, dates[0], dates[dates.length - 1]);
  // Both lists are sorted: walk them together, carrying the last close over days without one.
  let current = valid(seed) ? seed : Number.NaN;
  let j = 0;
  for (let r = 0; r < rows.length && j < dates.length; r++) {
    const { date, close } = rows[r];
    while (j < dates.length && dates[j] < date) out[j++] = current;
    if (j < dates.length && dates[j] === date) {
      if (close > 0 && Number.isFinite(close)) current = close;
      out[j++] = current;
    }
  }
  while (j < dates.length) out[j++] = current;
  return out;
}
