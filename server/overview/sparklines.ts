import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** A sparkline has at most this many points: enough for a session's shape, a few hundred bytes. */
export const SPARK_POINTS = 30;
/** The drawing's box (SVG user units); the page scales it. */
export const SPARK_W = 60;
export const SPARK_H = 18;
/** A symbol's sparkline is read again at most this often (minute bars grow once a minute). */
const FRESH_MS = 60_000;

/**
 * At most `max` points from a series, evenly spaced over it, always keeping the first and the
 * last (the session's open and its latest price).
 */
export function downsample(values: number[], max = SPARK_POINTS): number[] {
  if (values.length <= max) return values.slice();
  const out: number[] = [];
  const step = (values.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(values[Math.round(i * step)]!);
  return out;
}

/**
 * The SVG polyline points of a series in the sparkline's box: time left to right (the page
 * mirrors nothing: a chart's time runs left to right in Arabic too), the lowest value at the
 * bottom; a flat series is a line across the middle. Fewer than two points draw nothing.
 */
export function sparkPoints(values: number[]): string {
  const v = downsample(values);
  if (v.length < 2) return "";
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const pad = 1;
  const y = (x: number) => (hi === lo ? SPARK_H / 2 : pad + ((hi - x) / (hi - lo)) * (SPARK_H - 2 * pad));
  const dx = SPARK_W / (v.length - 1);
  return v.map((x, i) => `${+(i * dx).toFixed(1)},${+y(x).toFixed(1)}`).join(" ");
}

type Rows = { rows: Array<Record<string, unknown>> };

/**
 * Each symbol's latest session from its stored minute bars, in one grouped read: the closes of
 * the UTC day of its latest minute bar, merged into 10-minute buckets (a five-hour Gulf session
 * is 30 points before any downsampling).
 */
export async function readSessionCloses(db: Db, symbols: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (symbols.length === 0) return out;
  const list = sql.join(
    symbols.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with latest as (
      select symbol, date_trunc('day', max(ts)) as day from market_bars
      where interval = '1m' and symbol in (${list}) group by symbol)
    select b.symbol, date_bin('10 minutes'::interval, b.ts, timestamptz '2000-01-01 00:00:00+00') as t,
      (array_agg(b.close order by b.ts desc))[1] as close
    from market_bars b join latest l on l.symbol = b.symbol
    where b.interval = '1m' and b.ts >= l.day
    group by b.symbol, t
    order by b.symbol, t`)) as unknown as Rows;
  for (const r of result.rows) {
    const symbol = String(r.symbol);
    const list = out.get(symbol) ?? [];
    list.push(Number(r.close));
    out.set(symbol, list);
  }
  return out;
}

/** Sparklines by symbol, kept a minute per symbol, so a page asks the database at most once a minute. */
export function createSparklines(db: Db, clock: () => number = Date.now) {
  const cache = new Map<string, { at: number; points: string }>();
  return async function sparklines(symbols: string[]): Promise<Record<string, string>> {
    const now = clock();
    const due = [...new Set(symbols)].filter((s) => (cache.get(s)?.at ?? -Infinity) + FRESH_MS <= now);
    if (due.length > 0) {
      const closes = await readSessionCloses(db, due);
      for (const s of due) cache.set(s, { at: now, points: sparkPoints(closes.get(s) ?? []) });
    }
    const out: Record<string, string> = {};
    for (const s of symbols) {
      const points = cache.get(s)?.points;
      if (points) out[s] = points;
    }
    return out;
  };
}
