import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** The closes that start the heatmap's longer periods, from stored daily bars. */
export interface PeriodCloses {
  /** The last close at or before 7 days ago. */
  week: number | null;
  /** The last close at or before the same day a month ago. */
  month: number | null;
  /** The last close of the previous year. */
  year: number | null;
  /** True when only simulated bars exist for the company. */
  simulated: boolean;
}

type Rows = { rows: Array<Record<string, unknown>> };
const isTrue = (v: unknown) => v === true || v === "t" || v === "true";
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const DAY = 86_400_000;

/** The dates (ISO, midnight UTC) that start each period for a given day. */
export function periodStarts(today: string) {
  const t = Date.parse(`${today}T00:00:00Z`);
  const d = new Date(t);
  const month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, d.getUTCDate());
  const year = Date.UTC(d.getUTCFullYear(), 0, 1);
  return { week: t - 7 * DAY, month, year };
}

/** Each symbol's last close at or before `at` (real, and simulated), from the two weeks before it. */
async function closesAt(db: Db, at: number, inclusive: boolean) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const end = inclusive ? sql`ts <= ${iso(at)}::timestamptz` : sql`ts < ${iso(at)}::timestamptz`;
  // Two weeks reach the last session before a date across the longest holidays.
  const result = (await db.execute(sql`
    select distinct on (symbol, real) symbol, real, close from market_bars
    where interval = '1d' and ts >= ${iso(at - 14 * DAY)}::timestamptz and ${end}
    order by symbol, real, ts desc`)) as unknown as Rows;
  return result.rows.map((r) => ({ symbol: String(r.symbol), real: isTrue(r.real), close: num(r.close) }));
}

/**
 * Every company's period closes in three small reads of the daily bars (one per period's start):
 * real closes when a company has any real one, else its simulated ones, flagged. A period whose
 * start has no bar in the two weeks before it (a company listed since) has no close, so no change
 * is shown rather than a wrong one.
 */
export async function readPeriodCloses(db: Db, today: string): Promise<Map<string, PeriodCloses>> {
  const s = periodStarts(today);
  const [week, month, year] = await Promise.all([
    closesAt(db, s.week, true),
    closesAt(db, s.month, true),
    closesAt(db, s.year, false),
  ]);
  const byKind = new Map<string, PeriodCloses>();
  const put = (key: "week" | "month" | "year", rows: Awaited<ReturnType<typeof closesAt>>) => {
    for (const r of rows) {
      const id = `${r.symbol}|${r.real}`;
      const c = byKind.get(id) ?? { week: null, month: null, year: null, simulated: !r.real };
      c[key] = r.close;
      byKind.set(id, c);
    }
  };
  put("week", week);
  put("month", month);
  put("year", year);
  const closes = new Map<string, PeriodCloses>();
  for (const [id, c] of byKind) {
    const symbol = id.slice(0, id.lastIndexOf("|"));
    if (c.simulated && closes.has(symbol)) continue;
    closes.set(symbol, c);
  }
  return closes;
}
