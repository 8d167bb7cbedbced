import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Bus } from "../realtime/bus";
import type { SseHub } from "../realtime/sse-hub";
import type { Settings } from "../settings/settings";
import { CATALOGUE, type CatalogueEntry, listingEntries, publicInstrument } from "./catalogue";
import { chartHistory } from "./chart-history";
import { EXCHANGES, exchangeInfo } from "./exchanges";
import { createFeed } from "./feed";
import { createInstrumentLookup } from "./instrument-lookup";
import type { MarketProvider } from "./provider";
import { type CompositeProvider, createCompositeProvider } from "./providers/composite";
import { createSources } from "./providers/index";
import { createQuoteStore, type QuoteStore } from "./quote-store";
import { createSimulator } from "./simulator";
import type { MarketService, MarketWire, Quote } from "./types";
import type { Listing } from "./universe";
import { armedReader, createWatching } from "./watching";
import { TICK_TOPIC } from "./wire";

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

export { WATCH_TOPIC } from "./watching";

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
 * Each tick from the leader: into the snapshot, then to the browsers (the curated set and the
 * instruments someone has open, not the whole universe), then to the listeners (alert evaluation,
 * which must not delay the fan-out).
 */
function followTicks(deps: {
  bus: Bus;
  sse: SseHub;
  log: Logger;
  store: QuoteStore;
  listeners: Set<(changed: Quote[]) => void>;
  isWatched: (symbol: string) => boolean;
}) {
  const { bus, sse, log, store, listeners, isWatched } = deps;
  bus.subscribe(TICK_TOPIC, (msg) => {
    const changed = store.apply(msg);
    fanOut(sse, log, msg, store.curated, isWatched);
    for (const fn of listeners) {
      try {
        fn(changed);
      } catch (err) {
        log.error({ err }, "market: tick listener failed");
      }
    }
    if (!msg.full) store.reloadIfIncomplete();
  });
}

function fanOut(
  sse: SseHub,
  log: Logger,
  msg: MarketWire,
  curated: ReadonlySet<string>,
  isWatched: (symbol: string) => boolean,
) {
  const fanOutAt = Date.now();
  const forBrowsers = msg.q.every((w) => curated.has(w[0]))
    ? msg
    : { ...msg, q: msg.q.filter((w) => curated.has(w[0]) || isWatched(w[0])) };
  sse.broadcast("market", forBrowsers, String(msg.t));
  log.debug(
    { lagMs: fanOutAt - msg.t, fanOutMs: Date.now() - fanOutAt, clients: sse.clientCount() },
    "market: tick fanned out",
  );
}

/**
 * Market data for every process: an in-memory snapshot fed by the leader's ticks over the bus,
 * pushed to browsers over the shared SSE stream (a snapshot on connect, then changes). The parts:
 * the instruments by symbol and name (./instrument-lookup.ts), who watches what and the armed
 * alerts' symbols (./watching.ts), the snapshot (./quote-store.ts) and charts (./chart-history.ts).
 */
export async function createMarket(deps: MarketDeps): Promise<Market> {
  const { config, log, db, bus, jobs, settings, sse } = deps;
  const clock = deps.clock ?? Date.now;
  const entries = [...CATALOGUE, ...listingEntries(await deps.listings())];
  const lookup = createInstrumentLookup(entries, deps.onListingsChanged);
  // The browser's catalogue stays the curated set the panels show; a listed company's page adds it.
  const instruments = CATALOGUE.map(publicInstrument);
  const watching = createWatching({ bus, log, clock, lookup });
  const alerted = armedReader(deps.armedSymbols, clock, log);
  const tickMs = () => {
    const v = Number(settings.get<number>("marketTickMs", config.MARKET_TICK_MS));
    return Number.isFinite(v) && v >= MIN_TICK_MS ? v : config.MARKET_TICK_MS;
  };
  const store = await createQuoteStore({ db, log, clock, lookup, total: entries.length, tickMs: tickMs() });
  const listeners = new Set<(changed: Quote[]) => void>();

  followTicks({ bus, sse, log, store, listeners, isWatched: watching.isWatched });

  // A reconnecting tab that already has the latest tick needs nothing; any other gets the curated
  // quotes and those of the instruments being watched.
  sse.onConnect((client) => {
    const lastTick = store.lastTick();
    if (lastTick && client.lastEventId === String(lastTick)) return;
    client.send("market", store.wire([...watching.watchedSet()]), lastTick ? String(lastTick) : undefined);
  });

  const provider =
    deps.provider ?? createProvider(config, entries, log, { alerted, watched: watching.watchedSet, tickMs });
  const feed = createFeed({ db, bus, log, provider, entries, tickMs });
  jobs.register({ name: TICK_JOB, intervalMs: tickMs, run: (signal) => feed.run(signal, clock()) });

  return {
    catalogue: () => instruments,
    findInstrument(query) {
      const e = lookup.search(query);
      return e ? publicInstrument(e) : undefined;
    },
    quote: (symbol) => store.quote(lookup.find(symbol)),
    snapshot: () => store.bundle(),
    onTick(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    history: (symbol, range) => chartHistory(db, lookup.find(symbol), range),
    exchange(id) {
      const ex = EXCHANGES[id];
      return ex ? exchangeInfo(ex, clock()) : undefined;
    },
    wire: (extra) => store.wire(extra),
    status: () => {
      const { freshness, lastTick, ok, size } = store.state();
      return {
        provider: config.MARKET_PROVIDER,
        sources: (provider as Partial<CompositeProvider>).health?.() ?? [],
        freshness,
        tickMs: tickMs(),
        lastRefresh: lastTick ? new Date(lastTick).toISOString() : null,
        ok,
        quotes: size,
      };
    },
    watch: (symbol) => watching.watch(symbol),
    // Tests and operators wait for the whole tick, history included.
    tick: async (now = clock()) => {
      await feed.run(new AbortController().signal, now);
      await feed.backfilled();
    },
  };
}
