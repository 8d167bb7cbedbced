import type { QuoteLabel } from "../market/types";

/**
 * The price a newly armed alert may be judged on at once: the last quote of its instrument, as
 * the tick evaluator would judge it, unless that quote is stale (older than its exchange's last
 * session: not a current price, docs/product/markets.md). Every real freshness counts
 * (ALERTABLE in common/market-wire.ts), and so does a simulated quote while the simulator serves
 * the instrument, as on every tick.
 */
export function evaluablePrice(quote: (QuoteLabel & { price: number }) | undefined): number | null {
  if (!quote || !(quote.price > 0)) return null;
  return quote.freshness === "stale" ? null : quote.price;
}
