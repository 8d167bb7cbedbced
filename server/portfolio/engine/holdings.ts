import { baseRate, type EngineContext, type LedgerState, type Position } from "./state";
import type { Holding } from "./types";
import { priceOn } from "./valuation";

/** Change since the previous close, base currency; null without a live quote carrying one. */
function todayChange(ctx: EngineContext, p: Position, price: number | null, rate: number) {
  const q = ctx.input.quotes.get(p.symbol);
  if (!q || price === null || q.previousClose === null || !(q.previousClose > 0)) {
    return { todayChange: null, todayChangePercent: null };
  }
  return {
    todayChange: p.quantity * (price - q.previousClose) * rate,
    todayChangePercent: (price - q.previousClose) / q.previousClose,
  };
}

function closeDate(ctx: EngineContext, symbol: string): string | null {
  return ctx.input.closes.closeDateOn?.(symbol, ctx.input.today) ?? null;
}

/** One position valued at today's price and today's FX (weight is filled in once totals are known). */
export function holdingOf(state: LedgerState, ctx: EngineContext, p: Position): Holding {
  const facts = ctx.input.instruments.get(p.symbol);
  const quote = ctx.input.quotes.get(p.symbol);
  const open = p.quantity > 0;
  const price = open ? priceOn(ctx, p.symbol, ctx.last) : null;
  const rate = baseRate(state, ctx, p.currency, ctx.last);
  const marketValue = price === null ? null : p.quantity * price * rate;
  const unrealisedPnl = marketValue === null ? null : marketValue - p.costBase;
  const live = Boolean(quote && price !== null && price === quote.price);
  return {
    symbol: p.symbol,
    exchange: facts?.exchange ?? "",
    sector: facts?.sector ?? null,
    currency: p.currency,
    quantity: p.quantity,
    averageCost: open ? p.cost / p.quantity : 0,
    costBasis: p.costBase,
    price,
    marketValue,
    unrealisedPnl,
    unrealisedPercent: unrealisedPnl === null || p.costBase <= 0 ? null : unrealisedPnl / p.costBase,
    realisedPnl: p.realised,
    dividendIncome: p.dividends,
    ...todayChange(ctx, p, live ? price : null, rate),
    weight: null,
    priceAsOf: live ? quote!.asOf : price === null ? null : closeDate(ctx, p.symbol),
    simulated: live && quote!.simulated,
    source: live ? quote!.source : price === null ? null : "close",
  };
}
