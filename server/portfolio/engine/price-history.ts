import type { PriceHistory } from "./types";

export interface CloseRow {
  date: string;
  close: number;
}

/** Index of the last row dated on or before `date` ("YYYY-MM-DD" compares as text), or -1. */
function lastOnOrBefore(rows: ReadonlyArray<CloseRow>, date: string): number {
  let lo = 0;
  let hi = rows.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].date <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Price history over stored daily closes (major units, one row per trading day). Answers the last
 * close on or before a date by binary search, and whole ranges at once (`closesBetween`, a slice
 * of the sorted rows), which the engine uses to fill its per-day prices in one pass.
 */
export function createPriceHistory(table: Record<string, ReadonlyArray<CloseRow>>): PriceHistory {
  const series = new Map<string, CloseRow[]>();
  for (const [symbol, rows] of Object.entries(table)) {
    series.set(
      symbol,
      rows.filter((r) => r.close > 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    );
  }
  const at = (symbol: string, date: string) => {
    const rows = series.get(symbol) ?? [];
    return rows[lastOnOrBefore(rows, date)] ?? null;
  };
  return {
    closeOn: (symbol, date) => at(symbol, date)?.close ?? null,
    closeDateOn: (symbol, date) => at(symbol, date)?.date ?? null,
    closesBetween(symbol, from, to) {
      const rows = series.get(symbol) ?? [];
      let start = lastOnOrBefore(rows, from);
      if (start < 0 || rows[start].date < from) start++;
      return rows.slice(start, lastOnOrBefore(rows, to) + 1);
    },
  };
}
