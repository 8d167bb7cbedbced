import type { QuoteLabel } from "../market/types";

/**
 * The price a newly armed alert may be judged on at once: the last quote of its instrument, as
 * the tick evaluator would judge it, unless that quote is stale (older than its exchange's last
 * session: not a current price, docs/product/markets.md). A simulated quote counts when the
 * simulator serves the instrument, as it does on every tick.
 */
export function evaluablePrice(quote: (QuoteLabel & { price: number }) | undefined): number | null {
  if (!quote || !(quote.price > 0)) return null;
  // Compared as text: the stale state is the market's to define.
  return (quote.freshness as string) === "stale" ? null : quote.price;
}
