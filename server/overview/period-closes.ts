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

/**
 * Every company's period closes in one grouped read of the daily bars: real bars when a company
 * has any in the span, else its simulated ones, flagged. A period whose start has no bar at or
 * before it (a company listed since) has no close, so no change is shown rather than a wrong one.
 */
export async function readPeriodCloses(db: Db, today: string): Promise<Map<string, PeriodCloses>> {
  const s = periodStarts(today);
  const iso = (ms: number) => new Date(ms).toISOString();
  // Two weeks before the earliest start reach the last session before it across holidays.
  const from = iso(Math.min(s.week, s.month, s.year) - 14 * DAY);
  const result = (await db.execute(sql`
    select symbol, real,
      (array_agg(close order by ts desc) filter (where ts <= ${iso(s.week)}::timestamptz))[1] as week,
      (array_agg(close order by ts desc) filter (where ts <= ${iso(s.month)}::timestamptz))[1] as month,
      (array_agg(close order by ts desc) filter (where ts < ${iso(s.year)}::timestamptz))[1] as year
    from market_bars
    where interval = '1d' and ts >= ${from}::timestamptz and ts < ${iso(Math.max(s.week + DAY, s.year))}::timestamptz
    group by symbol, real`)) as unknown as Rows;
  const closes = new Map<string, PeriodCloses>();
  for (const r of result.rows) {
    const symbol = String(r.symbol);
    const real = isTrue(r.real);
    if (!real && closes.has(symbol)) continue;
    closes.set(symbol, { week: num(r.week), month: num(r.month), year: num(r.year), simulated: !real });
  }
  return closes;
}
