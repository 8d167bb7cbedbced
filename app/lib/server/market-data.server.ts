import type { MarketService } from "#server/market/types";
import type { MarketPageData } from "~/components/market/market-feed";

/** What a page's loader passes to MarketFeedProvider; null when the market service is missing. */
export function marketPageData(market: MarketService | undefined): MarketPageData | null {
  if (!market?.wire) return null;
  return { instruments: market.catalogue(), wire: market.wire(), serverNow: Date.now() };
}
