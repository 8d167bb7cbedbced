import type { Market } from "#server/market/service";
import type { Instrument } from "#server/market/types";
import type { MarketPageData } from "~/components/market/market-feed";

/**
 * What a page's loader passes to MarketFeedProvider: the curated instruments the panels show, plus
 * the page's own instrument when it is a listed company outside them.
 */
export function marketPageData(
  market: Pick<Market, "catalogue" | "wire">,
  instrument?: Instrument,
): MarketPageData {
  const instruments = market.catalogue();
  const extra = instrument && !instruments.some((i) => i.symbol === instrument.symbol) ? instrument : null;
  return {
    instruments: extra ? [...instruments, extra] : instruments,
    wire: market.wire(extra ? [extra.symbol] : []),
    serverNow: Date.now(),
  };
}
