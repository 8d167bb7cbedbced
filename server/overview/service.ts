import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { MarketService, Quote } from "../market/types";
import type { InstrumentDirectory, Listing } from "../market/universe";
import { createHeatmaps } from "./heatmap";
import { createOverviewModel } from "./model";
import { buildRow, type SessionVolume } from "./row";
import { factsOf, matches, screen } from "./screener";
import { simulatedVolume } from "./sim-volume";
import { createSparklines } from "./sparklines";
import { createStoredHistory } from "./stored-history";
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

/**
 * Keeps the overview per tick on every process: each changed quote of a listed company rebuilds
 * its row (the model adjusts its market's totals). The stored history behind the rows is read at
 * start and again when due (stored-history.ts), never per request or per tick.
 */
export function createOverview(deps: OverviewDeps): Overview {
  const { db, log, market } = deps;
  const clock = deps.clock ?? Date.now;
  const model = createOverviewModel();
  const listings = new Map<string, Listing>();
  const stored = createStoredHistory({
    db,
    log,
    clock,
    currencyOf: (s) => market.findInstrument(s)?.currency,
  });

  const volumeOf = (listing: Listing, quote: Quote): SessionVolume | undefined => {
    if (quote.freshness !== "simulated") return stored.history().volumes.get(listing.symbol);
    const hours = market.exchange?.(listing.exchange);
    return { volume: simulatedVolume(listing.symbol, hours, clock()), simulated: true };
  };
  const refreshRow = (listing: Listing) => {
    const quote = market.quote(listing.symbol);
    if (!quote) return;
    model.put(
      buildRow(listing, quote, stored.history().ranges.get(listing.symbol), volumeOf(listing, quote)),
    );
  };
  // A failed read keeps the rows as they were; the next tick due tries again.
  const reload = () =>
    stored
      .loadAll()
      .then(() => {
        for (const listing of listings.values()) refreshRow(listing);
      })
      .catch((err) => log.error({ err }, "overview: reading stored history failed"));

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
    closes: () => stored.history().closes,
    version: () => `${lastTick}|${stored.loadedAt()}`,
  });
  market.onTick((changed) => {
    lastTick = clock();
    for (const q of changed) {
      const listing = listings.get(q.symbol);
      if (listing) refreshRow(listing);
    }
    if (stored.historyDue(listings.size)) void reload();
    else if (stored.factsDue()) void stored.loadFacts();
  });

  return {
    async ready() {
      await first;
      await stored.settled();
    },
    rows: () => model.rows(),
    summary: (m) => model.summary(m),
    screen(query) {
      if (query.sector && !model.rows().some((r) => r.sector === query.sector))
        throw new AppError("bad_request:screener", "sector: unknown sector");
      return screen(model.rows(), query, stored.facts());
    },
    matches: (row, query) => matches(row, query, factsOf(row, stored.facts())),
    sectors: () => [...new Set(model.rows().map((r) => r.sector))].sort(),
    heatmap: heatmaps,
    sparklines,
    view: (tab) => ({ tab, summary: model.summary(tab), indices: indicesOf(market, tab), asOf: lastTick }),
  };
}
