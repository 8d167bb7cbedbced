import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { SessionVolume, YearRange } from "./row";

/** The 52-week range spans the sessions of the 364 days before today's. */
const RANGE_DAYS = 364;

type Rows = { rows: Array<Record<string, unknown>> };
const isTrue = (v: unknown) => v === true || v === "t" || v === "true";

/**
 * Every symbol's previous 52 weeks of daily bars in one grouped read (the bars' primary key
 * starts with the symbol): real bars when a symbol has any, else its simulated ones, labelled so.
 * Today's session is left out: the live quote's high and low stand for it.
 */
export async function readYearRanges(db: Db, today: string): Promise<Map<string, YearRange>> {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - RANGE_DAYS * 86_400_000);
  const result = (await db.execute(sql`
    select symbol, real, max(high) as high, min(low) as low
    from market_bars
    where interval = '1d' and ts >= ${from.toISOString()} and ts < ${`${today}T00:00:00Z`}
    group by symbol, real`)) as unknown as Rows;
  const ranges = new Map<string, YearRange>();
  for (const r of result.rows) {
    const symbol = String(r.symbol);
    const real = isTrue(r.real);
    if (!real && ranges.has(symbol)) continue;
    ranges.set(symbol, { high: Number(r.high), low: Number(r.low), simulated: !real });
  }
  return ranges;
}

/** Today's volume where a real source's daily bar gives one (the quotes themselves carry none). */
export async function readSessionVolumes(db: Db, today: string): Promise<Map<string, SessionVolume>> {
  const result = (await db.execute(sql`
    select symbol, volume from market_bars
    where interval = '1d' and ts = ${`${today}T00:00:00Z`} and real and volume is not null`)) as unknown as Rows;
  return new Map(result.rows.map((r) => [String(r.symbol), { volume: Number(r.volume), simulated: false }]));
}
