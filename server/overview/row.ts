import type { OverviewMarket, OverviewRow } from "#common/market-overview";
import type { Quote } from "../market/types";
import type { Listing } from "../market/universe";

/** The previous 52 weeks of stored daily bars (before today's session), real ones when any exist. */
export interface YearRange {
  high: number;
  low: number;
  /** True when only simulated bars exist. */
  simulated: boolean;
}

/** The session's volume: a real source's daily bar, or the simulator's model (labelled so). */
export interface SessionVolume {
  volume: number;
  simulated: boolean;
}

export const marketOf = (listing: Pick<Listing, "exchange" | "board">): OverviewMarket =>
  listing.exchange === "TADAWUL" && listing.board === "nomu" ? "NOMU" : (listing.exchange as OverviewMarket);

/**
 * One company's row from its quote. The change is shown only against a real previous close (the
 * quote's previousClose is 0 otherwise). The 52-week range is widened by the session's high and low,
 * and a new high or low counted, only when the quote is of the same kind as the bars (a simulated
 * price never moves a real range, nor a real price a simulated one).
 */
export function buildRow(
  listing: Listing,
  quote: Quote,
  range: YearRange | undefined,
  volume: SessionVolume | undefined,
): OverviewRow {
  const simulatedPrice = quote.freshness === "simulated";
  const sameKind = range !== undefined && range.simulated === simulatedPrice;
  const newHigh = sameKind && quote.dayHigh > range.high;
  const newLow = sameKind && quote.dayLow < range.low;
  const high52w = range ? (sameKind ? Math.max(range.high, quote.dayHigh) : range.high) : null;
  const low52w = range ? (sameKind ? Math.min(range.low, quote.dayLow) : range.low) : null;
  return {
    symbol: listing.symbol,
    name: listing.name,
    nameAr: listing.nameAr,
    exchange: listing.exchange,
    market: marketOf(listing),
    sector: listing.sector,
    price: quote.price,
    changePercent: quote.previousClose > 0 ? quote.changePercent : null,
    volume: volume?.volume ?? null,
    valueTraded: volume ? volume.volume * quote.price : null,
    marketCap: null,
    high52w,
    low52w,
    freshness: quote.freshness,
    source: quote.source,
    volumeSimulated: volume?.simulated ?? false,
    range52wSimulated: range?.simulated ?? false,
    newHigh,
    newLow,
    lastUpdate: quote.lastUpdate,
  };
}
