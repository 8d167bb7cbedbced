import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** One stored daily bar, as the statistics read it. */
export interface DailyBar {
  /** The session's local date (daily bars start at 00:00 UTC of it), ISO yyyy-mm-dd. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Shares traded; null where no source gave it. */
  volume: number | null;
  real: boolean;
  /** The real source whose history wrote it; null for ticks and the simulator. */
  source: string | null;
}

/**
 * A symbol's latest `sessions` daily bars, oldest first: one backward range read of the bars'
 * primary key, done once per session change per symbol (the statistics cache), never per request.
 */
export async function readDailyBars({
  db,
  symbol,
  sessions,
}: {
  db: Db;
  symbol: string;
  sessions: number;
}): Promise<DailyBar[]> {
  const result = await db.execute(sql`
    select to_char(ts at time zone 'UTC', 'YYYY-MM-DD') as date, open, high, low, close, volume, real, source
    from market_bars
    where symbol = ${symbol} and interval = '1d'
    order by ts desc
    limit ${sessions}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows.reverse();
  return rows.map((r) => ({
    date: String(r.date),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: r.volume == null ? null : Number(r.volume),
    real: r.real === true || r.real === "t" || r.real === "true",
    source: r.source == null ? null : String(r.source),
  }));
}
