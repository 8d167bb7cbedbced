import type { Instrument, Quote } from "#server/market/types";
import { round } from "./types";

/** The fields the model and the offline assistant need, rounded to the instrument's decimals. */
export function compactQuote(q: Quote, instrument?: Instrument) {
  const d = instrument?.decimals ?? 2;
  return {
    symbol: q.symbol,
    name: q.name,
    price: round(q.price, d),
    change: round(q.change, d),
    changePercent: round(q.changePercent, 2),
    dayHigh: round(q.dayHigh, d),
    dayLow: round(q.dayLow, d),
    previousClose: round(q.previousClose, d),
    currency: instrument?.currency,
    decimals: d,
    marketOpen: q.marketOpen,
    lastUpdate: q.lastUpdate,
    // How current the price is, so an answer can say it: live, delayed N minutes, end of day or
    // simulated (the built-in simulator, not a market price).
    source: q.source,
    freshness: q.freshness,
    ...(q.delayMinutes !== undefined ? { delayMinutes: q.delayMinutes } : {}),
  };
}
export type CompactQuote = ReturnType<typeof compactQuote>;
