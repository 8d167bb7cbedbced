import { baseRate, type EngineContext, type LedgerState, type Position } from "./state";

/** A position's price on day `i`: the live quote today, otherwise the last close on or before the day. */
export function priceOn(ctx: EngineContext, symbol: string, i: number): number | null {
  if (i === ctx.last) {
    const q = ctx.input.quotes.get(symbol);
    if (q && Number.isFinite(q.price) && q.price > 0) return q.price;
  }
  const close = ctx.closesOf(symbol)[i];
  return Number.isNaN(close) ? null : close;
}

/**
 * A position's contribution to the portfolio's value on day `i`, base currency. An unpriced holding
 * counts at its cost, so a missing price never shows as a loss (or gain) in the value and returns.
 */
export function positionValue(state: LedgerState, ctx: EngineContext, p: Position, i: number): number {
  const price = i === ctx.last ? priceOn(ctx, p.symbol, i) : p.closes[i];
  if (price === null || Number.isNaN(price)) return p.costBase;
  const rate = p.rates[i];
  // A rate already looked up and known is read straight from the row; else the lookup (and warning).
  return (
    p.quantity *
    price *
    (rate > 0 && rate < Number.POSITIVE_INFINITY ? rate : baseRate(state, ctx, p.currency, i))
  );
}

/** The portfolio's value at the end of day `i`: cash plus every open position. */
export function portfolioValue(state: LedgerState, ctx: EngineContext, i: number): number {
  let value = state.cash;
  for (const p of state.positions.values()) if (p.quantity > 0) value += positionValue(state, ctx, p, i);
  return value;
}
