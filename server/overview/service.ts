import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { MarketService, Quote } from "../market/types";
import type { InstrumentDirectory, Listing } from "../market/universe";
import { readScreenerFacts, type ScreenerFacts } from "./facts";
import { createHeatmaps } from "./heatmap";
import { readSessionVolumes, readYearRanges } from "./history";
import { createOverviewModel } from "./model";
import { type PeriodCloses, readPeriodCloses } from "./period-closes";
import { buildRow, type SessionVolume, type YearRange } from "./row";
import { factsOf, matches, screen } from "./screener";
import { simulatedVolume } from "./sim-volume";
import { createSparklines } from "./sparklines";
import type { Overview } from "./types";
import { indicesOf } from "./view";

export interface OverviewDeps {
  db: Db;
  log: Logger;
  market: Pick<MarketService, "quote" | "onTick" | "exchange" | "findInstrument">;
  instruments: Pick<InstrumentDirectory, "all">;
  /** The directory's reloads (the listing refresh's additions), with every listing. */
  onListingsChanged?: (fn: (listings: Listing[]) => void) => void;
  clock?: () => number;
}

/** Stored history (52-week ranges, real session volumes) is read again at most this often. */
const HISTORY_MS = 5 * 60_000;
/** The screener's rulings and dividend totals are read again at most this often. */
const FACTS_MS = 60_000;
/** While most companies have no stored bars yet (a first start still backfilling), sooner. */
const SPARSE_HISTORY_MS = 30_000;

/**
 * Keeps the overview per tick on every process: each changed quote of a listed company rebuilds
 * its row (the model adjusts its market's totals). The stored history behind the rows is read in
 * grouped queries at start, then again every 5 minutes or when the date changes, never per
 * request or per tick. The screener's Shariah summaries and trailing dividends are read with it and
 * again every minute, so a changed ruling or dividend shows in the screener within a minute.
 */
export function createOverview(deps: OverviewDeps): Overview {
  const { db, log, market } = deps;
  const clock = deps.clock ?? Date.now;
  const model = createOverviewModel();
  const listings = new Map<string, Listing>();
  let ranges = new Map<string, YearRange>();
  let volumes = new Map<string, SessionVolume>();
  let closes = new Map<string, PeriodCloses>();
  let facts: ScreenerFacts = { shariah: new Map(), dividends: new Map() };
  let loadedAt = 0;
  let loadedDay = "";
  let loading: Promise<void> | null = null;

  const volumeOf = (listing: Listing, quote: Quote): SessionVolume | undefined => {
    if (quote.freshness !== "simulated") return volumes.get(listing.symbol);
    const hours = market.exchange?.(listing.exchange);
    return { volume: simulatedVolume(listing.symbol, hours, clock()), simulated: true };
  };
  const refreshRow = (listing: Listing) => {
    const quote = market.quote(listing.symbol);
    if (quote) model.put(buildRow(listing, quote, ranges.get(listing.symbol), volumeOf(listing, quote)));
  };
  let factsAt = 0;
  let factsLoading: Promise<void> | null = null;
  // The screener's Shariah summaries and dividend totals: two small grouped reads, every minute.
  function loadFacts() {
    factsLoading ??= readScreenerFacts(
      db,
      new Date(clock()).toISOString().slice(0, 10),
      (s) => market.findInstrument(s)?.currency,
    )
      .then((read) => {
        facts = read;
        factsAt = clock();
      })
      .catch((err) => log.error({ err }, "overview: reading the screener's facts failed"))
      .finally(() => {
        factsLoading = null;
      });
    return factsLoading;
  }
  async function loadHistory() {
    const today = new Date(clock()).toISOString().slice(0, 10);
    [ranges, volumes, closes] = await Promise.all([
      readYearRanges(db, today),
      readSessionVolumes(db, today),
      readPeriodCloses(db, today),
      loadFacts(),
    ]);
    loadedAt = clock();
    loadedDay = today;
    for (const listing of listings.values()) refreshRow(listing);
  }
  const historyDue = () =>
    clock() - loadedAt >= (ranges.size * 2 < listings.size ? SPARSE_HISTORY_MS : HISTORY_MS) ||
    new Date(clock()).toISOString().slice(0, 10) !== loadedDay;
  const reload = () => {
    loading ??= loadHistory()
      .catch((err) => log.error({ err }, "overview: reading stored history failed"))
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  const first = (async () => {
    for (const l of await deps.instruments.all()) listings.set(l.symbol, l);
    await reload();
  })();
  deps.onListingsChanged?.((all) => {
    for (const l of all) listings.set(l.symbol, l);
    for (const l of all) refreshRow(l);
  });
  let lastTick = 0;
  const sparklines = createSparklines(db, clock);
  const heatmaps = createHeatmaps({
    rows: () => model.rows(),
    closes: () => closes,
    version: () => `${lastTick}|${loadedAt}`,
  });
  market.onTick((changed) => {
    lastTick = clock();
    for (const q of changed) {
      const listing = listings.get(q.symbol);
      if (listing) refreshRow(listing);
    }
    if (historyDue()) void reload();
    else if (clock() - factsAt >= FACTS_MS) void loadFacts();
  });

  return {
    async ready() {
      await first;
      await loading;
      await factsLoading;
    },
    rows: () => model.rows(),
    summary: (m) => model.summary(m),
    screen(query) {
      if (query.sector && !model.rows().some((r) => r.sector === query.sector))
        throw new AppError("bad_request:screener", "sector: unknown sector");
      return screen(model.rows(), query, facts);
    },
    matches: (row, query) => matches(row, query, factsOf(row, facts)),
    sectors: () => [...new Set(model.rows().map((r) => r.sector))].sort(),
    heatmap: heatmaps,
    sparklines,
    view: (tab) => ({ tab, summary: model.summary(tab), indices: indicesOf(market, tab), asOf: lastTick }),
  };
}
