import {
  calendarOf,
  GCC_MARKETS,
  type IndexView,
  MARKET_INDEX,
  type OverviewMarket,
  type OverviewTab,
} from "#common/market-overview";
import type { MarketService } from "../market/types";

type MarketReads = Pick<MarketService, "quote" | "findInstrument" | "exchange">;

/** A market's index quote with its exchange's session; null when no source quotes that index. */
export function indexView(market: MarketReads, m: OverviewMarket): IndexView | null {
  const symbol = MARKET_INDEX[m];
  const quote = symbol ? market.quote(symbol) : undefined;
  if (!symbol || !quote) return null;
  const ex = market.exchange?.(calendarOf(m));
  return {
    symbol,
    name: quote.name,
    nameAr: market.findInstrument(symbol)?.nameAr ?? quote.name,
    market: m,
    price: quote.price,
    changePercent: quote.previousClose > 0 && quote.freshness !== "stale" ? quote.changePercent : null,
    freshness: quote.freshness,
    source: quote.source,
    openNow: ex?.openNow ?? false,
    lastCloseAt: ex?.lastCloseAt ?? null,
    nextOpenAt: ex?.nextOpenAt ?? null,
  };
}

/** The indices a tab shows: its market's, or every GCC market's on the GCC-wide view. */
export function indicesOf(market: MarketReads, tab: OverviewTab): IndexView[] {
  const markets = tab === "GCC" ? GCC_MARKETS : [tab];
  return markets.map((m) => indexView(market, m)).filter((v): v is IndexView => v !== null);
}
