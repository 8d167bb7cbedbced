import type { Market } from "#server/market/service";
import type { HistoryRange, Instrument, MarketService } from "#server/market/types";
import type { MarketPageData } from "~/components/market/market-feed";

/**
 * What a page's loader passes to MarketFeedProvider: the curated instruments the panels show, plus
 * the page's own instruments when they are listed companies outside them (an instrument's page,
 * a watchlist).
 */
export function marketPageData(
  market: Pick<Market, "catalogue" | "wire">,
  instrument?: Instrument | Instrument[],
): MarketPageData {
  const instruments = market.catalogue();
  const curated = new Set(instruments.map((i) => i.symbol));
  const extra = (Array.isArray(instrument) ? instrument : instrument ? [instrument] : []).filter(
    (i) => !curated.has(i.symbol),
  );
  return {
    instruments: [...instruments, ...extra],
    wire: market.wire(extra.map((i) => i.symbol)),
    serverNow: Date.now(),
  };
}

/**
 * Every instrument's chart opens on its month of daily candles: the same range on every page
 * (an intraday range would depend on whether its market has traded yet since a restart), and the
 * one whose candles, volume and averages a reader compares across companies.
 */
export async function openingChart(market: Pick<MarketService, "history">, symbol: string) {
  return { range: "1M" as HistoryRange, bars: await market.history(symbol, "1M") };
}
