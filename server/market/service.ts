import { utcOffsetMinutes } from "#common/zoned-time";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { SseHub } from "../realtime/sse-hub";
import type { Settings } from "../settings/settings";
import {
  CATALOGUE,
  CATEGORIES,
  type CatalogueEntry,
  createFinder,
  listingEntries,
  publicInstrument,
} from "./catalogue";
import { EXCHANGES, exchangeInfo, sessionDate } from "./exchanges";
import { createFeed } from "./feed";
import type { MarketProvider } from "./provider";
import { type CompositeProvider, createCompositeProvider } from "./providers/composite";
import { createSources } from "./providers/index";
import { createSimulator, dailyBarTs } from "./simulator";
import { latestBarTime, loadQuotes, readBars } from "./store";
import type {
  Bar,
  Freshness,
  HistoryRange,
  MarketBundle,
  MarketService,
  MarketWire,
  Quote,
  WireQuote,
} from "./types";
import type { Listing } from "./universe";
import { openExchanges, roundTo, TICK_TOPIC, toQuote, toWire } from "./wire";

export interface MarketDeps {
  config: Config;
  log: Logger;
  db: Db;
  bus: Bus;
  jobs: Scheduler;
  settings: Settings;
  sse: SseHub;
  /** Tests pass their own source of prices. */
  provider?: MarketProvider;
  clock?: () => number;
  /** Symbols with armed price alerts: the refresh planner spends the budget on them first. */
  armedSymbols?: () => Promise<string[]>;
  /** The listed companies beyond the curated set: the instruments directory, refresh additions too. */
  listings: () => Promise<Listing[]>;
  /** Tells when the directory has changed (it reloads on `instruments:changed`), with every listing. */
  onListingsChanged?: (fn: (listings: Listing[]) => void) => void;
}

/** The real service: the contract plus what tests and operators use. */
export interface Market extends Required<MarketService> {
  /** Runs one tick of the feed now (what the leader's job does each interval). */
  tick(now?: number): Promise<void>;
}

export const TICK_JOB = "market-tick";
const MIN_TICK_MS = 250;
const RELOAD_EVERY_MS = 10_000;

const DAY = 86_400_000;
/** Each chart range reads one bar interval, merged into buckets, back from the latest bar. */
const HISTORY: Record<HistoryRange, { interval: "1m" | "1d"; bucket: string; back: number }> = {
  "1D": { interval: "1m", bucket: "1 minute", back: DAY },
  "1W": { interval: "1m", bucket: "30 minutes", back: 7 * DAY },
  "1M": { interval: "1d", bucket: "1 day", back: 31 * DAY },
  "1Y": { interval: "1d", bucket: "1 day", back: 366 * DAY },
};

/**
 * Where a chart starts: back from the latest bar, so a closed market shows its last sessions
 * rather than an empty chart; 1D of a market with sessions shows exactly the latest session.
 */
function chartStart(entry: CatalogueEntry, range: HistoryRange, latest: number) {
  const ex = EXCHANGES[entry.exchange]!;
  if (range !== "1D" || (ex.open === 0 && ex.close === 1440)) return latest - HISTORY[range].back + 1;
  const date = sessionDate(ex, latest);
  return dailyBarTs(date) + (ex.open - utcOffsetMinutes(ex.timeZone, latest)) * 60_000;
}

export const WATCH_TOPIC = "market:watch";
/** A page view counts as watching for this long; SSE ticks carry the instrument meanwhile. */
const WATCH_MS = 10 * 60_000;
const ARMED_RELOAD_MS = 10_000;

export function createProvider(
  config: Config,
  entries: CatalogueEntry[],
  log: Logger,
  priorities: {
    alerted: () => ReadonlySet<string>;
    watched: () => ReadonlySet<string>;
    tickMs: () => number;
  },
): MarketProvider {
  const simulator = createSimulator({ seed: config.MARKET_SEED, entries });
  if (config.MARKET_PROVIDER === "simulator") return simulator;
  const sources = createSources(config);
  const composite = createCompositeProvider({ entries, sources, simulator, log, ...priorities });
  // One line at start: which source serves which group (the simulator covers the rest).
  log.info({ provider: config.MARKET_PROVIDER }, `market sources: ${composite.describe()}`);
  return composite;
}

/**
 * Market data for every process: an in-memory snapshot fed by the leader's ticks over the bus,
 * pushed to browsers over the shared SSE stream (a snapshot on connect, then changes).
 */
export async function createMarket(deps: MarketDeps): Promise<Market> {
  const { config, log, db, bus, jobs, settings, sse } = deps;
  const clock = deps.clock ?? Date.now;
  const curated = new Set(CATALOGUE.map((e) => e.symbol));
  const entries = [...CATALOGUE, ...listingEntries(await deps.listings())];
  let bySymbol = new Map(entries.map((e) => [e.symbol, e]));
  let find = createFinder(entries);
  // A company the refresh job adds has its page and takes alerts at once; the feed quotes it
  // (simulated or real) from the next start, which builds it from the same directory.
  deps.onListingsChanged?.((listings) => {
    const all = [...entries, ...listingEntries(listings, entries)];
    bySymbol = new Map(all.map((e) => [e.symbol, e]));
    find = createFinder(all);
  });
  // The browser's catalogue stays the curated set the panels show; a listed company's page adds it.
  const instruments = CATALOGUE.map(publicInstrument);

  // Instruments someone looks at (their page), by symbol: until when. Every process hears of a
  // view over the bus, so the leader's planner and each process's SSE fan-out know.
  const watchedUntil = new Map<string, number>();
  const isWatched = (symbol: string) => (watchedUntil.get(symbol) ?? 0) > clock();
  const watchedSet = () => {
    const now = clock();
    const out = new Set<string>();
    for (const [symbol, until] of watchedUntil) {
      if (until > now) out.add(symbol);
      else watchedUntil.delete(symbol);
    }
    return out;
  };
  const lastAnnounced = new Map<string, number>();
  bus.subscribe(WATCH_TOPIC, (m: { s: string }) => {
    if (bySymbol.has(m.s)) watchedUntil.set(m.s, clock() + WATCH_MS);
  });

  // Armed alerts' symbols, reloaded in the background (the planner reads them synchronously).
  let armed: ReadonlySet<string> = new Set();
  let armedLoadedAt = 0;
  const alerted = () => {
    if (deps.armedSymbols && clock() - armedLoadedAt > ARMED_RELOAD_MS) {
      armedLoadedAt = clock();
      deps
        .armedSymbols()
        .then((list) => {
          armed = new Set(list);
        })
        .catch((err) => log.warn({ err }, "market: reading armed alert symbols failed"));
    }
    return armed;
  };

  const tickMs = () => {
    const v = Number(settings.get<number>("marketTickMs", config.MARKET_TICK_MS));
    return Number.isFinite(v) && v >= MIN_TICK_MS ? v : config.MARKET_TICK_MS;
  };

  // The snapshot: display-precision quotes by symbol, and the last tick's time and health.
  const quotes = new Map<string, WireQuote>();
  let lastTick = 0;
  let tickInterval = tickMs();
  let ok = true;
  const listeners = new Set<(changed: Quote[]) => void>();

  async function loadStored() {
    for (const q of await loadQuotes({ db })) {
      const e = bySymbol.get(q.symbol);
      if (!e || quotes.has(q.symbol)) continue;
      quotes.set(q.symbol, toWire(e, q));
      lastTick = Math.max(lastTick, q.time);
    }
  }
  await loadStored();

  // A process that started before the leader's first store (or missed its snapshot) fills the gaps.
  let lastReload = 0;
  function reloadIfIncomplete() {
    if (quotes.size >= entries.length || clock() - lastReload < RELOAD_EVERY_MS) return;
    lastReload = clock();
    loadStored().catch((err) => log.warn({ err }, "market: reloading stored quotes failed"));
  }

  function apply(msg: MarketWire) {
    const now = clock();
    const changed: Quote[] = [];
    for (const w of msg.q) {
      const e = bySymbol.get(w[0]);
      if (!e) continue;
      quotes.set(w[0], w);
      changed.push(toQuote(e, w, now));
    }
    lastTick = Math.max(lastTick, msg.t);
    tickInterval = msg.ms;
    ok = msg.ok;
    // Browsers first: listeners (alert evaluation) must not delay the fan-out.
    const fanOutAt = Date.now();
    // Browsers get the curated set and the instruments someone has open, not the whole universe.
    const forBrowsers = msg.q.every((w) => curated.has(w[0]))
      ? msg
      : { ...msg, q: msg.q.filter((w) => curated.has(w[0]) || isWatched(w[0])) };
    sse.broadcast("market", forBrowsers, String(msg.t));
    log.debug(
      { lagMs: fanOutAt - msg.t, fanOutMs: Date.now() - fanOutAt, clients: sse.clientCount() },
      "market: tick fanned out",
    );
    for (const fn of listeners) {
      try {
        fn(changed);
      } catch (err) {
        log.error({ err }, "market: tick listener failed");
      }
    }
    if (!msg.full) reloadIfIncomplete();
  }
  bus.subscribe(TICK_TOPIC, apply);

  /** The curated quotes, plus the listed instruments named (a listed company's page). */
  function wire(extra: string[] = []): MarketWire {
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
  }

  // A reconnecting tab that already has the latest tick needs nothing; any other gets the curated
  // quotes and those of the instruments being watched.
  sse.onConnect((client) => {
    if (lastTick && client.lastEventId === String(lastTick)) return;
    client.send("market", wire([...watchedSet()]), lastTick ? String(lastTick) : undefined);
  });

  const provider =
    deps.provider ?? createProvider(config, entries, log, { alerted, watched: watchedSet, tickMs });
  const feed = createFeed({
    db,
    bus,
    log,
    provider,
    entries,
    tickMs,
  });
  jobs.register({ name: TICK_JOB, intervalMs: tickMs, run: (signal) => feed.run(signal, clock()) });

  function quote(symbol: string): Quote | undefined {
    const e = bySymbol.get(symbol) ?? find(symbol);
    const w = e && quotes.get(e.symbol);
    return e && w ? toQuote(e, w, clock()) : undefined;
  }

  function snapshot(): MarketBundle {
    const now = clock();
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

  async function history(symbol: string, range: HistoryRange): Promise<Bar[]> {
    const e = bySymbol.get(symbol) ?? find(symbol);
    const spec = HISTORY[range];
    if (!e || !spec) return [];
    const latest = await latestBarTime({ db, symbol: e.symbol, interval: spec.interval });
    if (latest === null) return [];
    const from = chartStart(e, range, latest);
    const bars = await readBars({ db, symbol: e.symbol, interval: spec.interval, bucket: spec.bucket, from });
    const d = e.decimals;
    return bars.map((b) => ({
      time: b.time,
      open: roundTo(b.open, d),
      high: roundTo(b.high, d),
      low: roundTo(b.low, d),
      close: roundTo(b.close, d),
      ...(b.real ? {} : { simulated: true as const }),
    }));
  }

  return {
    catalogue: () => instruments,
    findInstrument(query) {
      const e = find(query);
      return e ? publicInstrument(e) : undefined;
    },
    quote,
    snapshot,
    onTick(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    history,
    exchange(id) {
      const ex = EXCHANGES[id];
      return ex ? exchangeInfo(ex, clock()) : undefined;
    },
    wire,
    status: () => {
      const freshness: Record<Freshness, number> = {
        live: 0,
        delayed: 0,
        eod: 0,
        stale: 0,
        peg: 0,
        simulated: 0,
      };
      for (const w of quotes.values()) freshness[w[7] ?? "simulated"] += 1;
      return {
        provider: config.MARKET_PROVIDER,
        sources: (provider as Partial<CompositeProvider>).health?.() ?? [],
        freshness,
        tickMs: tickMs(),
        lastRefresh: lastTick ? new Date(lastTick).toISOString() : null,
        ok,
        quotes: quotes.size,
      };
    },
    watch(symbol) {
      const e = bySymbol.get(symbol) ?? find(symbol);
      if (!e) return;
      const now = clock();
      watchedUntil.set(e.symbol, now + WATCH_MS);
      // Tell the other processes (and the leader's planner) at most twice a minute per symbol.
      if (now - (lastAnnounced.get(e.symbol) ?? 0) < 30_000) return;
      lastAnnounced.set(e.symbol, now);
      bus.publish(WATCH_TOPIC, { s: e.symbol }).catch((err) => log.warn({ err }, "market: watch not sent"));
    },
    // Tests and operators wait for the whole tick, history included.
    tick: async (now = clock()) => {
      await feed.run(new AbortController().signal, now);
      await feed.backfilled();
    },
  };
}
