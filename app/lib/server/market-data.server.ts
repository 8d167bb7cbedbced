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
 * The chart opens on the latest session; an instrument with no intraday bars yet (a listed
 * company after a fresh start on its market's weekend, before its first session ticks) opens on
 * its month of daily bars instead of an empty chart.
 */
export async function openingChart(market: Pick<MarketService, "history">, symbol: string) {
  const day = await market.history(symbol, "1D");
  if (day.length > 0) return { range: "1D" as HistoryRange, bars: day };
  return { range: "1M" as HistoryRange, bars: await market.history(symbol, "1M") };
}
