import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { CATALOGUE, CATEGORIES, type CatalogueEntry } from "./catalogue";
import type { InstrumentLookup } from "./instrument-lookup";
import { loadQuotes } from "./store";
import type { Freshness, MarketBundle, MarketWire, Quote, WireQuote } from "./types";
import { openExchanges, toQuote, toWire } from "./wire";

const RELOAD_EVERY_MS = 10_000;

export interface QuoteStoreDeps {
  db: Db;
  log: Logger;
  clock: () => number;
  lookup: InstrumentLookup;
  /** How many instruments the feed quotes: fewer stored quotes means some are missing here. */
  total: number;
  /** The tick interval until a tick says otherwise. */
  tickMs: number;
}

/** The curated instruments' quotes by category, for the home page's panels. */
function bundleOf(quotes: Map<string, WireQuote>, lastTick: number, now: number): MarketBundle {
  const bundle: MarketBundle = {
    gulfStocks: [],
    currencies: [],
    commodities: [],
    crypto: [],
    usIndices: [],
    lastRefresh: new Date(lastTick || now).toISOString(),
  };
  for (const category of CATEGORIES) {
    for (const e of CATALOGUE) {
      const w = e.category === category ? quotes.get(e.symbol) : undefined;
      if (w) bundle[category].push(toQuote(e, w, now));
    }
  }
  return bundle;
}

/** The snapshot of one process: display-precision quotes by symbol, and the last tick's time and health. */
export async function createQuoteStore({ db, log, clock, lookup, total, tickMs }: QuoteStoreDeps) {
  const curated = new Set(CATALOGUE.map((e) => e.symbol));
  const quotes = new Map<string, WireQuote>();
  let lastTick = 0;
  let tickInterval = tickMs;
  let ok = true;

  async function loadStored() {
    for (const q of await loadQuotes({ db })) {
      const e = lookup.get(q.symbol);
      if (!e || quotes.has(q.symbol)) continue;
      quotes.set(q.symbol, toWire(e, q));
      lastTick = Math.max(lastTick, q.time);
    }
  }
  await loadStored();
  let lastReload = 0;

  return {
    curated,
    /** Takes a tick's quotes; the changed ones, as quotes. */
    apply(msg: MarketWire): Quote[] {
      const now = clock();
      const changed: Quote[] = [];
      for (const w of msg.q) {
        const e = lookup.get(w[0]);
        if (!e) continue;
        quotes.set(w[0], w);
        changed.push(toQuote(e, w, now));
      }
      lastTick = Math.max(lastTick, msg.t);
      tickInterval = msg.ms;
      ok = msg.ok;
      return changed;
    },
    /** A process that started before the leader's first store (or missed its snapshot) fills the gaps. */
    reloadIfIncomplete() {
      if (quotes.size >= total || clock() - lastReload < RELOAD_EVERY_MS) return;
      lastReload = clock();
      loadStored().catch((err) => log.warn({ err }, "market: reloading stored quotes failed"));
    },
    /** The curated quotes, plus the listed instruments named (a listed company's page). */
    wire(extra: string[] = []): MarketWire {
      const q: WireQuote[] = [];
      for (const e of CATALOGUE) {
        const w = quotes.get(e.symbol);
        if (w) q.push(w);
      }
      for (const symbol of extra) {
        const w = curated.has(symbol) ? undefined : quotes.get(symbol);
        if (w) q.push(w);
      }
      return { t: lastTick, ms: tickInterval, ok, x: openExchanges(clock()), q, full: true };
    },
    quote(e: CatalogueEntry | undefined): Quote | undefined {
      const w = e && quotes.get(e.symbol);
      return e && w ? toQuote(e, w, clock()) : undefined;
    },
    bundle: () => bundleOf(quotes, lastTick, clock()),
    /** How many quotes have each freshness, the last tick and whether it went well. */
    state() {
      const freshness: Record<Freshness, number> = {
        live: 0,
        delayed: 0,
        eod: 0,
        stale: 0,
        peg: 0,
        simulated: 0,
      };
      for (const w of quotes.values()) freshness[w[7] ?? "simulated"] += 1;
      return { freshness, lastTick, ok, size: quotes.size };
    },
    lastTick: () => lastTick,
  };
}

export type QuoteStore = Awaited<ReturnType<typeof createQuoteStore>>;
