import { baseRate, type EngineContext, type LedgerState, type Position } from "./state";
import type { Activity } from "./types";

/** A quantity this close to zero is zero (float residue of a full sale). */
const QTY_EPSILON = 1e-9;

function positionOf(state: LedgerState, ctx: EngineContext, a: Activity): Position {
  const symbol = a.symbol ?? "";
  let p = state.positions.get(symbol);
  if (!p) {
    const currency = ctx.input.instruments.get(symbol)?.currency ?? a.currency;
    p = {
      symbol,
      currency,
      quantity: 0,
      cost: 0,
      costBase: 0,
      realised: 0,
      dividends: 0,
      fees: 0,
      closes: ctx.closesOf(symbol),
      rates: ctx.ratesOf(currency),
    };
    state.positions.set(symbol, p);
  }
  return p;
}

/** Units of the position's currency per 1 unit of the activity's currency (1 when they match). */
function localFactor(state: LedgerState, ctx: EngineContext, a: Activity, p: Position, i: number): number {
  if (a.currency === p.currency) return 1;
  const pos = baseRate(state, ctx, p.currency, i);
  return pos ? baseRate(state, ctx, a.currency, i) / pos : 0;
}

/**
 * A purchase or fee beyond the cash held is funded by an implicit deposit of the shortfall, so a
 * portfolio recorded without deposits still measures its returns (each purchase is then new money
 * in). Only an explicit withdrawal beyond the cash held leaves cash negative.
 */
function debit(state: LedgerState, amount: number): void {
  state.cash -= amount;
  if (state.cash < 0) {
    state.inflow -= state.cash;
    state.netInvested -= state.cash;
    state.cash = 0;
  }
}

/** Buy or paid rights subscription: weighted-average cost, commission and VAT included. */
function buy(state: LedgerState, ctx: EngineContext, a: Activity, i: number): void {
  const p = positionOf(state, ctx, a);
  const fees = a.commission + a.vat;
  const total = a.quantity * a.unitPrice + fees;
  const rate = baseRate(state, ctx, a.currency, i);
  p.quantity += a.quantity;
  p.cost += total * localFactor(state, ctx, a, p, i);
  p.costBase += total * rate;
  p.fees += fees * rate;
  state.fees += fees * rate;
  debit(state, total * rate);
}

/**
 * Sale: the average cost of the remaining shares is unchanged; realised P&L = proceeds − fees −
 * average cost × quantity (in base: proceeds at the sale date's FX − the sold share of the base cost).
 * Selling out resets the position, so a later purchase starts a fresh average.
 */
function sell(state: LedgerState, ctx: EngineContext, a: Activity, i: number): void {
  const p = positionOf(state, ctx, a);
  const q = Math.min(a.quantity, p.quantity);
  if (q <= 0 || a.quantity <= 0) return;
  const share = q / a.quantity;
  const fees = (a.commission + a.vat) * share;
  const rate = baseRate(state, ctx, a.currency, i);
  const proceedsBase = (q * a.unitPrice - fees) * rate;
  const soldBase = (p.costBase * q) / p.quantity;
  const realised = proceedsBase - soldBase;
  p.realised += realised;
  state.realised += realised;
  p.fees += fees * rate;
  state.fees += fees * rate;
  state.cash += proceedsBase;
  if (p.quantity - q <= QTY_EPSILON * Math.max(1, p.quantity)) {
    p.quantity = 0;
    p.cost = 0;
    p.costBase = 0;
    return;
  }
  p.cost -= (p.cost * q) / p.quantity;
  p.costBase -= soldBase;
  p.quantity -= q;
}

/** Cash dividend net of withholding: dividend income and cash, at the pay date's FX. */
function dividend(state: LedgerState, ctx: EngineContext, a: Activity, i: number): void {
  const net = (a.amount - a.withholding) * baseRate(state, ctx, a.currency, i);
  state.dividends += net;
  state.cash += net;
  if (a.symbol) positionOf(state, ctx, a).dividends += net;
}

function cashMove(state: LedgerState, ctx: EngineContext, a: Activity, i: number): void {
  const rate = baseRate(state, ctx, a.currency, i);
  if (a.type === "deposit") {
    state.cash += a.amount * rate;
    state.inflow += a.amount * rate;
    state.netInvested += a.amount * rate;
  } else if (a.type === "withdrawal") {
    state.outflow -= a.amount * rate;
    state.netInvested -= a.amount * rate;
    state.cash -= a.amount * rate;
  } else {
    const fee = (a.amount + a.commission + a.vat) * rate;
    state.fees += fee;
    if (a.symbol) positionOf(state, ctx, a).fees += fee;
    debit(state, fee);
  }
}

/** Applies one activity to the running state of its day `i`. */
export function applyActivity(state: LedgerState, ctx: EngineContext, a: Activity, i: number): void {
  if (a.type === "buy" || a.type === "rights") buy(state, ctx, a, i);
  else if (a.type === "sell") sell(state, ctx, a, i);
  else if (a.type === "dividend") dividend(state, ctx, a, i);
  else if (a.type === "split") {
    // New shares per old share: quantity × ratio, total cost unchanged (average cost ÷ ratio).
    if (a.splitRatio && a.splitRatio > 0) positionOf(state, ctx, a).quantity *= a.splitRatio;
  } else if (a.type === "bonus") {
    // Free shares: quantity grows, total cost unchanged, so the average cost is diluted.
    positionOf(state, ctx, a).quantity += a.quantity;
  } else cashMove(state, ctx, a, i);
}
