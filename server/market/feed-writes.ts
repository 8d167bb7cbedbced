import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { CatalogueEntry } from "./catalogue";
import { EXCHANGES, sessionDate } from "./exchanges";
import type { BarRow, ProviderQuote } from "./provider";
import type { createRealCloses } from "./real-closes";
import { dailyBarTs } from "./simulator";
import { insertBars, replaceBars, saveQuotes } from "./store";
import type { MarketWire } from "./types";
import { openExchanges, splitMessage, TICK_TOPIC, toWire } from "./wire";

const MINUTE = 60_000;

export interface FeedContext {
  db: Db;
  bus: Bus;
  log: Logger;
  tickMs: () => number;
  bySymbol: Map<string, CatalogueEntry>;
}

/**
 * A tick's 1-minute bar and the session's daily bar, extended by the quote: real when the quote
 * is a real market price. A stale quote (an old trade) or a peg extends no bar.
 */
export function barsOf(entry: CatalogueEntry, q: ProviderQuote): BarRow[] {
  if (q.freshness === "stale" || q.freshness === "peg") return [];
  const real = q.freshness !== undefined && q.freshness !== "simulated";
  const minute = Math.floor(q.time / MINUTE) * MINUTE;
  const day = dailyBarTs(sessionDate(EXCHANGES[entry.exchange]!, q.time));
  return [
    {
      symbol: q.symbol,
      interval: "1m",
      ts: minute,
      open: q.price,
      high: q.price,
      low: q.price,
      close: q.price,
      real,
    },
    {
      symbol: q.symbol,
      interval: "1d",
      ts: day,
      open: q.price,
      high: q.dayHigh,
      low: q.dayLow,
      close: q.price,
      real,
    },
  ];
}

/** Publishes a tick over the bus, split below the bus's message size. */
export async function publishTick(
  ctx: FeedContext,
  now: number,
  quotes: ProviderQuote[],
  ok: boolean,
  full = false,
) {
  const msg: MarketWire = {
    t: now,
    ms: ctx.tickMs(),
    ok,
    x: openExchanges(now),
    q: quotes.flatMap((q) => {
      const e = ctx.bySymbol.get(q.symbol);
      return e ? [toWire(e, q)] : [];
    }),
    ...(full ? { full: true } : {}),
  };
  for (const part of splitMessage(msg)) await ctx.bus.publish(TICK_TOPIC, part);
}

/**
 * A source's history, one symbol and interval per range: a range the database refuses is
 * logged and skipped, so one bad answer never fails the tick for the other instruments.
 */
export async function storeHistory(
  ctx: FeedContext,
  realCloses: ReturnType<typeof createRealCloses>,
  ranges: BarRow[][],
) {
  for (const range of ranges) {
    const bars = range.filter((b) => ctx.bySymbol.has(b.symbol));
    try {
      await replaceBars({ db: ctx.db, bars });
      realCloses.noteBars(bars.map((b) => ({ ...b, real: true })));
    } catch (err) {
      ctx.log.warn(
        { err, symbol: bars[0]?.symbol, interval: bars[0]?.interval, bars: bars.length },
        "market: storing a source's history failed; that instrument keeps its bars",
      );
    }
  }
}

/**
 * A first start's history written while the ticks go on (tens of seconds on a busy machine for a
 * year of hundreds of instruments); the quotes, stored last, are then the latest ones, so an
 * interrupted backfill is simply redone at the next start (bars insert idempotently).
 */
export async function backfill(
  ctx: FeedContext,
  job: {
    bars: BarRow[];
    latest: () => ProviderQuote[];
    began: number;
    provider: string;
    signal: AbortSignal;
  },
) {
  const { bars, signal } = job;
  try {
    await insertBars({ db: ctx.db, bars, signal });
    await saveQuotes({ db: ctx.db, quotes: job.latest() });
    if (bars.length > 0) {
      ctx.log.info(
        { bars: bars.length, ms: Date.now() - job.began, provider: job.provider },
        "market: history backfilled",
      );
    }
  } catch (err) {
    if (!signal.aborted) ctx.log.error({ err }, "market: history backfill failed; redone at the next start");
  }
}
