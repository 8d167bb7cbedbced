import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { BarRow, ProviderQuote } from "./provider";

/**
 * Market tables' queries. Many rows go in as one statement per column list: each column is one
 * comma-joined text parameter split by string_to_array, which parses far faster than thousands of
 * bind parameters (PGlite: ~70k rows/s) and works the same on PostgreSQL.
 */
const joined = (values: Array<string | number>) => values.join(",");
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function loadQuotes({ db }: { db: Db }): Promise<ProviderQuote[]> {
  const result = await db.execute(sql`
    select symbol, price, previous_close, day_high, day_low,
      (extract(epoch from updated_at) * 1000)::float8 as time
    from market_quotes`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    symbol: String(r.symbol),
    price: Number(r.price),
    previousClose: Number(r.previous_close),
    dayHigh: Number(r.day_high),
    dayLow: Number(r.day_low),
    time: Number(r.time),
  }));
}

export async function saveQuotes({ db, quotes }: { db: Db; quotes: ProviderQuote[] }) {
  if (quotes.length === 0) return;
  await db.execute(sql`
    insert into market_quotes (symbol, price, previous_close, day_high, day_low, updated_at)
    select s, p::numeric, pc::numeric, h::numeric, l::numeric, to_timestamp(t::float8 / 1000)
    from unnest(
      string_to_array(${joined(quotes.map((q) => q.symbol))}, ','),
      string_to_array(${joined(quotes.map((q) => q.price))}, ','),
      string_to_array(${joined(quotes.map((q) => q.previousClose))}, ','),
      string_to_array(${joined(quotes.map((q) => q.dayHigh))}, ','),
      string_to_array(${joined(quotes.map((q) => q.dayLow))}, ','),
      string_to_array(${joined(quotes.map((q) => q.time))}, ',')
    ) as x(s, p, pc, h, l, t)
    on conflict (symbol) do update set price = excluded.price, previous_close = excluded.previous_close,
      day_high = excluded.day_high, day_low = excluded.day_low, updated_at = excluded.updated_at`);
}

/**
 * One row per (symbol, interval, ts), the last given winning: a source may send two rows for one
 * bar (Yahoo's separate live row for the current day), and one upsert statement may not touch a
 * row twice. Every write of bars goes through this.
 */
export function dedupeBars(bars: BarRow[]): BarRow[] {
  const byKey = new Map<string, BarRow>();
  for (const b of bars) {
    const key = `${b.symbol}|${b.interval}|${b.ts}`;
    byKey.delete(key);
    byKey.set(key, b);
  }
  return byKey.size === bars.length ? bars : [...byKey.values()];
}

/** Bars as one set of columns (see above), deduplicated. */
function barColumns(rows: BarRow[]) {
  const bars = dedupeBars(rows);
  return sql`unnest(
      string_to_array(${joined(bars.map((b) => b.symbol))}, ','),
      string_to_array(${joined(bars.map((b) => b.interval))}, ','),
      string_to_array(${joined(bars.map((b) => b.ts))}, ','),
      string_to_array(${joined(bars.map((b) => b.open))}, ','),
      string_to_array(${joined(bars.map((b) => b.high))}, ','),
      string_to_array(${joined(bars.map((b) => b.low))}, ','),
      string_to_array(${joined(bars.map((b) => b.close))}, ','),
      string_to_array(${joined(bars.map((b) => (b.real ? 1 : 0)))}, ','),
      string_to_array(${joined(bars.map((b) => b.volume ?? ""))}, ','),
      string_to_array(${joined(bars.map((b) => b.source ?? ""))}, ',')
    ) as x(s, i, t, o, h, l, c, r, v, src)`;
}

// An empty volume or source (ticks, the simulator) is stored as null.
const BAR_SELECT = sql`select s, i, to_timestamp(t::float8 / 1000), o::numeric, h::numeric, l::numeric,
      c::numeric, r = '1', nullif(v, '')::numeric, nullif(src, '')`;

/** History from a backfill: existing bars win, so running it twice changes nothing. */
export async function insertBars({
  db,
  bars,
  chunk = 2_000,
  signal,
}: {
  db: Db;
  bars: BarRow[];
  chunk?: number;
  signal?: AbortSignal;
}) {
  for (let i = 0; i < bars.length; i += chunk) {
    signal?.throwIfAborted();
    // PGlite runs in this thread: let requests and ticks in between chunks of a large backfill.
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    await db.execute(sql`
      insert into market_bars (symbol, interval, ts, open, high, low, close, real, volume, source)
      ${BAR_SELECT} from ${barColumns(bars.slice(i, i + chunk))}
      on conflict do nothing`);
  }
}

/**
 * Live bars: a tick extends the bar it falls in (the open stays, high/low widen, close moves). A
 * bar stays real only while every tick in it is real.
 */
export async function extendBars({ db, bars }: { db: Db; bars: BarRow[] }) {
  if (bars.length === 0) return;
  await db.execute(sql`
    insert into market_bars (symbol, interval, ts, open, high, low, close, real, volume, source)
    ${BAR_SELECT} from ${barColumns(bars)}
    on conflict (symbol, interval, ts) do update set
      high = greatest(market_bars.high, excluded.high),
      low = least(market_bars.low, excluded.low),
      close = excluded.close,
      real = market_bars.real and excluded.real`);
}

export interface StoredBar {
  time: number; // unix seconds
  open: number;
  high: number;
  low: number;
  close: number;
  /** Every bar merged into it came from a real source. */
  real: boolean;
  /** Shares traded in the bucket; null when no merged bar carried a volume (ticks, the simulator). */
  volume: number | null;
}

export async function latestBarTime({
  db,
  symbol,
  interval,
}: {
  db: Db;
  symbol: string;
  interval: "1m" | "1d";
}): Promise<number | null> {
  const result = await db.execute(sql`
    select (extract(epoch from max(ts)) * 1000)::float8 as t from market_bars
    where symbol = ${symbol} and interval = ${interval}`);
  const t = rowsOf<{ t: number | null }>(result)[0]?.t;
  return t == null ? null : Number(t);
}

/** Bars of one symbol from `from` (ms) on, merged into buckets of `bucket` (a Postgres interval). */
export async function readBars({
  db,
  symbol,
  interval,
  from,
  bucket,
}: {
  db: Db;
  symbol: string;
  interval: "1m" | "1d";
  from: number;
  bucket: string;
}): Promise<StoredBar[]> {
  const result = await db.execute(sql`
    select extract(epoch from date_bin(${bucket}::interval, ts, timestamptz '2000-01-01 00:00:00+00'))::float8 as time,
      (array_agg(open order by ts))[1] as open, max(high) as high, min(low) as low,
      (array_agg(close order by ts desc))[1] as close, bool_and(real) as real,
      sum(volume)::float8 as volume
    from market_bars
    where symbol = ${symbol} and interval = ${interval} and ts >= to_timestamp(${from}::float8 / 1000)
    group by 1
    order by 1`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    time: Number(r.time),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    real: [true, "t", "true"].includes(r.real as unknown as string),
    volume: r.volume == null ? null : Number(r.volume),
  }));
}

/**
 * 1-minute bars are kept for `days` before the feed's own clock `now` (the time its bars are
 * stamped with, not the database's); daily bars forever.
 */
export async function pruneMinuteBars({ db, days, now }: { db: Db; days: number; now: number }) {
  const before = new Date(now - days * 86_400_000).toISOString();
  await db.execute(sql`delete from market_bars where interval = '1m' and ts < ${before}::timestamptz`);
}

/**
 * Real history from a source replaces the bars it covers (one symbol and interval per call): the
 * simulated bars of that span go, the source's go in, marked real.
 */
export async function replaceBars({ db, bars: given }: { db: Db; bars: BarRow[] }) {
  const bars = given.map((b) => ({ ...b, real: true }));
  if (bars.length === 0) return;
  const first = bars[0]!;
  const from = Math.min(...bars.map((b) => b.ts));
  const to = Math.max(...bars.map((b) => b.ts));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from market_bars where symbol = ${first.symbol} and interval = ${first.interval}
        and ts between to_timestamp(${from}::float8 / 1000) and to_timestamp(${to}::float8 / 1000)`);
    await tx.execute(sql`
      insert into market_bars (symbol, interval, ts, open, high, low, close, real, volume, source)
      ${BAR_SELECT} from ${barColumns(bars)}
      on conflict (symbol, interval, ts) do update set open = excluded.open, high = excluded.high,
        low = excluded.low, close = excluded.close, real = true, volume = excluded.volume,
        source = excluded.source`);
  });
}

/**
 * The last real daily closes per symbol (the two latest real daily bars), for a change computed
 * from a close the site stored itself when a source gives no previous close.
 */
export async function loadRealCloses({
  db,
}: {
  db: Db;
}): Promise<Array<{ symbol: string; ts: number; close: number }>> {
  const result = await db.execute(sql`
    select symbol, ts, close from (
      select symbol, (extract(epoch from ts) * 1000)::float8 as ts, close,
        row_number() over (partition by symbol order by ts desc) as n
      from market_bars where interval = '1d' and real
    ) x where n <= 2`);
  return rowsOf<Record<string, string | number>>(result).map((r) => ({
    symbol: String(r.symbol),
    ts: Number(r.ts),
    close: Number(r.close),
  }));
}
