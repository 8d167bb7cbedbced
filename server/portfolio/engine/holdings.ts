import { baseRate, type EngineContext, type LedgerState, type Position } from "./state";
import type { Holding } from "./types";
import { priceOn } from "./valuation";

/** Shares bought or subscribed today and the average price paid for them, per share. */
function boughtToday(ctx: EngineContext, symbol: string) {
  let quantity = 0;
  let paid = 0;
  for (const a of ctx.input.activities) {
    if (a.symbol !== symbol || a.date !== ctx.input.today || (a.type !== "buy" && a.type !== "rights"))
      continue;
    quantity += a.quantity;
    paid += a.quantity * a.unitPrice;
  }
  return { quantity, price: quantity > 0 ? paid / quantity : 0 };
}

/**
 * Today's change of a holding, base currency: shares held since before today change from the
 * previous close, shares bought today from the price paid for them (a purchase at today's price has
 * not gained the day's rise). Null without a live quote, or without a previous close for the
 * shares held before today.
 */
function todayChange(ctx: EngineContext, p: Position, price: number | null, rate: number) {
  const none = { todayChange: null, todayChangePercent: null };
  const q = ctx.input.quotes.get(p.symbol);
  if (!q || price === null) return none;
  const fresh = boughtToday(ctx, p.symbol);
  const newShares = Math.min(fresh.quantity, p.quantity);
  const oldShares = p.quantity - newShares;
  const previousClose = q.previousClose !== null && q.previousClose > 0 ? q.previousClose : null;
  if (oldShares > 0 && previousClose === null) return none;
  const change = oldShares * (price - (previousClose ?? 0)) + newShares * (price - fresh.price);
  const before = oldShares * (previousClose ?? 0) + newShares * fresh.price;
  return { todayChange: change * rate, todayChangePercent: before > 0 ? change / before : null };
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
