import type { Instrument, MarketService } from "#server/market/types";
import type { MarketPageData } from "~/components/market/market-feed";

/**
 * What a page's loader passes to MarketFeedProvider, or null when the market service is missing:
 * the curated instruments the panels show, plus the page's own instrument when it is a listed
 * company outside them.
 */
export function marketPageData(
  market: MarketService | undefined,
  instrument?: Instrument,
): MarketPageData | null {
  if (!market?.wire) return null;
  const instruments = market.catalogue();
  const extra = instrument && !instruments.some((i) => i.symbol === instrument.symbol) ? instrument : null;
  return {
    instruments: extra ? [...instruments, extra] : instruments,
    wire: market.wire(extra ? [extra.symbol] : []),
    serverNow: Date.now(),
  };
}
