import { dayNumber } from "./dates";
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

/** Every calendar day from the first row to the last: the last close on or before it. */
function denseOf(rows: CloseRow[]): { first: number; closes: Float64Array } {
  if (!rows.length) return { first: 0, closes: new Float64Array(0) };
  const first = dayNumber(rows[0].date);
  const closes = new Float64Array(dayNumber(rows[rows.length - 1].date) - first + 1);
  let r = 0;
  for (let i = 0; i < closes.length; i++) {
    if (r + 1 < rows.length && dayNumber(rows[r + 1].date) - first === i) r++;
    closes[i] = rows[r].close;
  }
  return { first, closes };
}

/** The dense closes of `from`..`to`: NaN before the first close, the last close after the last. */
function window(dense: { first: number; closes: Float64Array }, from: string, to: string): Float64Array {
  const start = dayNumber(from);
  const end = dayNumber(to);
  // Inside the stored range: a view on the kept array, nothing copied (the engine only reads it).
  if (start >= dense.first && end < dense.first + dense.closes.length) {
    return dense.closes.subarray(start - dense.first, end - dense.first + 1);
  }
  const out = new Float64Array(end - start + 1).fill(Number.NaN);
  const n = dense.closes.length;
  if (!n) return out;
  const a = Math.max(0, dense.first - start);
  const b = Math.min(out.length, dense.first + n - start);
  if (b > a) out.set(dense.closes.subarray(a + start - dense.first, b + start - dense.first), a);
  out.fill(dense.closes[n - 1], Math.max(a, b));
  return out;
}

/**
 * Price history over stored daily closes (major units, one row per trading day). Answers the last
 * close on or before a date by binary search, and whole ranges at once: `closesBetween` (a slice of
 * the sorted rows) and `dailyCloses` (a copy from a per-day array built once per instrument and kept),
 * which the engine uses for its per-day prices. Treat it as immutable: build a new one when closes change.
 */
export function createPriceHistory(table: Record<string, ReadonlyArray<CloseRow>>): PriceHistory {
  const series = new Map<string, CloseRow[]>();
  for (const [symbol, rows] of Object.entries(table)) {
    series.set(
      symbol,
      rows.filter((r) => r.close > 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    );
  }
  const dense = new Map<string, { first: number; closes: Float64Array }>();
  const at = (symbol: string, date: string) => {
    const rows = series.get(symbol) ?? [];
    return rows[lastOnOrBefore(rows, date)] ?? null;
  };
  return {
    closeOn: (symbol, date) => at(symbol, date)?.close ?? null,
    closeDateOn: (symbol, date) => at(symbol, date)?.date ?? null,
    /** Read-only: may be a view on the history's own array. */
    dailyCloses(symbol, from, to) {
      let d = dense.get(symbol);
      if (!d) {
        d = denseOf(series.get(symbol) ?? []);
        dense.set(symbol, d);
      }
      return window(d, from, to);
    },
    closesBetween(symbol, from, to) {
      const rows = series.get(symbol) ?? [];
      let start = lastOnOrBefore(rows, from);
      if (start < 0 || rows[start].date < from) start++;
      return rows.slice(start, lastOnOrBefore(rows, to) + 1);
    },
  };
}
