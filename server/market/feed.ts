import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { CatalogueEntry } from "./catalogue";
import {
  backfill as backfillHistory,
  barsOf,
  type FeedContext,
  publishTick,
  storeHistory,
} from "./feed-writes";
import type { MarketProvider, ProviderQuote } from "./provider";
import { createRealCloses, lacksPreviousClose } from "./real-closes";
import { extendBars, loadQuotes, loadRealCloses, pruneMinuteBars, saveQuotes } from "./store";

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
 * The job leader's side of the pipeline: poll the provider, publish what changed over the bus
 * (every process, this one included, applies it from there), then store the latest quotes and
 * extend the 1-minute and daily bars.
 */
export function createFeed(deps: FeedDeps) {
  const bySymbol = new Map(deps.entries.map((e) => [e.symbol, e]));
  const ctx: FeedContext = { ...deps, bySymbol };
  const publish = (now: number, quotes: ProviderQuote[], ok: boolean, full = false) =>
    publishTick(ctx, now, quotes, ok, full);
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

  /** First run: resume from the stored quotes, backfilling history on a first start or after a gap. */
  async function start(now: number, signal: AbortSignal) {
    const stored = (await loadQuotes({ db: deps.db })).filter((q) => bySymbol.has(q.symbol));
    for (const c of await loadRealCloses({ db: deps.db })) realCloses.note(c.symbol, c.ts, c.close);
    const began = Date.now();
    const { quotes, bars } = await deps.provider.start(stored, now, signal);
    // Prices reach every process at once; history follows (./feed-writes.ts).
    await publish(now, quotes, true, true);
    for (const q of quotes) latest.set(q.symbol, q);
    started = true;
    const latestQuotes = () => [...latest.values()];
    const job = { bars, latest: latestQuotes, began, provider: deps.provider.name, signal };
    backfill = backfillHistory(ctx, job).finally(() => {
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
    await storeHistory(ctx, realCloses, deps.provider.takeHistory?.() ?? []);
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
