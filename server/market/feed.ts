import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { CatalogueEntry } from "./catalogue";
import { EXCHANGES, sessionDate } from "./exchanges";
import type { BarRow, MarketProvider, ProviderQuote } from "./provider";
import { createRealCloses, lacksPreviousClose } from "./real-closes";
import { dailyBarTs } from "./simulator";
import {
  extendBars,
  insertBars,
  loadQuotes,
  loadRealCloses,
  pruneMinuteBars,
  replaceBars,
  saveQuotes,
} from "./store";
import type { MarketWire } from "./types";
import { openExchanges, splitMessage, TICK_TOPIC, toWire } from "./wire";

const MINUTE = 60_000;
const PRUNE_EVERY_MS = 3_600_000;
export const MINUTE_BARS_KEPT_DAYS = 8;

export interface FeedDeps {
  db: Db;
  bus: Bus;
  log: Logger;
  provider: MarketProvider;
  entries: CatalogueEntry[];
  tickMs: () => number;
}

/**
 * A tick's 1-minute bar and the session's daily bar, extended by the quote: real when the quote
 * is a real market price. A stale quote (an old trade) or a peg extends no bar.
 */
function barsOf(entry: CatalogueEntry, q: ProviderQuote): BarRow[] {
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

/**
 * The job leader's side of the pipeline: poll the provider, publish what changed over the bus
 * (every process, this one included, applies it from there), then store the latest quotes and
 * extend the 1-minute and daily bars.
 */
export function createFeed(deps: FeedDeps) {
  const bySymbol = new Map(deps.entries.map((e) => [e.symbol, e]));
  let started = false;
  let lastPrune = 0;
  let failing = false;
  // A first start's history is written while the ticks go on; quotes are stored only after it.
  let backfill: Promise<void> | null = null;
  const latest = new Map<string, ProviderQuote>();
  const realCloses = createRealCloses();

  /** A real quote without a previous close takes the last real close stored, else none (0). */
  function withRealClose(q: ProviderQuote): ProviderQuote {
    if (!lacksPreviousClose(q)) return q;
    return { ...q, previousClose: realCloses.previousClose(bySymbol.get(q.symbol)!, q) };
  }

  /**
   * A source's history, one symbol and interval per range: a range the database refuses is
   * logged and skipped, so one bad answer never fails the tick for the other instruments.
   */
  async function storeHistory(ranges: BarRow[][]) {
    for (const range of ranges) {
      const bars = range.filter((b) => bySymbol.has(b.symbol));
      try {
        await replaceBars({ db: deps.db, bars });
        realCloses.noteBars(bars.map((b) => ({ ...b, real: true })));
      } catch (err) {
        deps.log.warn(
          { err, symbol: bars[0]?.symbol, interval: bars[0]?.interval, bars: bars.length },
          "market: storing a source's history failed; that instrument keeps its bars",
        );
      }
    }
  }

  async function publish(now: number, quotes: ProviderQuote[], ok: boolean, full = false) {
    const msg: MarketWire = {
      t: now,
      ms: deps.tickMs(),
      ok,
      x: openExchanges(now),
      q: quotes.flatMap((q) => {
        const e = bySymbol.get(q.symbol);
        return e ? [toWire(e, q)] : [];
      }),
      ...(full ? { full: true } : {}),
    };
    for (const part of splitMessage(msg)) await deps.bus.publish(TICK_TOPIC, part);
  }

  /** First run: resume from the stored quotes, backfilling history on a first start or after a gap. */
  async function start(now: number, signal: AbortSignal) {
    const stored = (await loadQuotes({ db: deps.db })).filter((q) => bySymbol.has(q.symbol));
    for (const c of await loadRealCloses({ db: deps.db })) realCloses.note(c.symbol, c.ts, c.close);
    const began = Date.now();
    const { quotes, bars } = await deps.provider.start(stored, now, signal);
    // Prices reach every process at once; history follows. Quotes are stored last, so an
    // interrupted backfill is simply redone at the next start (bars insert idempotently).
    await publish(now, quotes, true, true);
    for (const q of quotes) latest.set(q.symbol, q);
    started = true;
    // The ticks go on while a year of history for hundreds of instruments is written (tens of
    // seconds on a busy machine); the quotes, stored last, are then the latest ones.
    backfill = (async () => {
      await insertBars({ db: deps.db, bars, signal });
      await saveQuotes({ db: deps.db, quotes: [...latest.values()] });
      if (bars.length > 0) {
        deps.log.info(
          { bars: bars.length, ms: Date.now() - began, provider: deps.provider.name },
          "market: history backfilled",
        );
      }
    })()
      .catch((err) => {
        if (!signal.aborted)
          deps.log.error({ err }, "market: history backfill failed; redone at the next start");
      })
      .finally(() => {
        backfill = null;
      });
  }

  async function run(signal: AbortSignal, now = Date.now()) {
    if (!started) return start(now, signal);
    let quotes: ProviderQuote[];
    try {
      quotes = await deps.provider.poll(now, signal);
    } catch (err) {
      // Browsers keep the last prices and say the feed is unreachable.
      await publish(now, [], false);
      if (!failing) deps.log.warn({ err, provider: deps.provider.name }, "market: provider unreachable");
      failing = true;
      throw err;
    }
    if (failing) deps.log.info({ provider: deps.provider.name }, "market: provider reachable again");
    failing = false;
    const known = quotes.filter((q) => bySymbol.has(q.symbol)).map(withRealClose);
    // Publish first: browsers and alerts should not wait for the history writes. Losing a tick's
    // writes in a crash costs one point of history; the next tick stores the latest quote again.
    await publish(now, known, true);
    for (const q of known) latest.set(q.symbol, q);
    const ticked = known.flatMap((q) => barsOf(bySymbol.get(q.symbol)!, q));
    await Promise.all([
      // Until the first start's history is written, quotes wait (so a crash redoes the backfill).
      backfill ? Promise.resolve() : saveQuotes({ db: deps.db, quotes: known }),
      extendBars({ db: deps.db, bars: ticked }),
    ]);
    realCloses.noteBars(ticked);
    await storeHistory(deps.provider.takeHistory?.() ?? []);
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await pruneMinuteBars({ db: deps.db, days: MINUTE_BARS_KEPT_DAYS, now });
    }
  }

  return {
    run,
    isStarted: () => started,
    /** Resolves once a first start's history is written (tests; shutdown waits on the job only). */
    backfilled: async () => {
      await backfill;
    },
  };
}
