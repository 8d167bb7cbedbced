import { byProcessingOrder } from "./context";
import { isIsoDate } from "./dates";
import type { Activity, ValidationCode, ValidationIssue, ValidationOptions } from "./types";

const TRADES = new Set(["buy", "sell", "rights"]);
const NEEDS_SYMBOL = new Set(["buy", "sell", "rights", "bonus", "split", "dividend"]);
const CASH = new Set(["dividend", "deposit", "withdrawal", "fee"]);
const QTY_EPSILON = 1e-9;

function known(options: ValidationOptions, symbol: string): boolean {
  const list = options.instruments;
  return !list || list.has(symbol);
}

/** Problems of one activity on its own (no ordering needed); the first one found. */
function fieldIssue(a: Activity, options: ValidationOptions): ValidationCode | null {
  if (!isIsoDate(a.date)) return "bad-date";
  if (options.today && a.date > options.today) return "future-date";
  if (NEEDS_SYMBOL.has(a.type) && !a.symbol) return "missing-symbol";
  if (a.symbol && !known(options, a.symbol)) return "unknown-symbol";
  if ((TRADES.has(a.type) || a.type === "bonus") && !(a.quantity > 0)) return "non-positive-quantity";
  if (TRADES.has(a.type) && !(a.unitPrice > 0)) return "non-positive-price";
  if (a.type === "split" && !(a.splitRatio !== null && a.splitRatio > 0)) return "bad-split-ratio";
  if (CASH.has(a.type) && !(a.amount > 0)) return "non-positive-amount";
  if (!(a.commission >= 0 && a.vat >= 0 && a.withholding >= 0)) return "negative-amount";
  if (a.type === "dividend" && a.withholding > a.amount) return "negative-amount";
  return null;
}

/**
 * Checks activities before they are stored. Each must be well formed (a real date, not after
 * `today`, a known symbol, positive quantities, prices and amounts, a positive split ratio), and,
 * processed in date then entry-sequence order, no sale may exceed the shares held at that point
 * (splits and bonus shares counted). Returns one issue per offending activity, with its index in
 * the given array; an empty list means the sequence is valid.
 */
export function validateSequence(activities: Activity[], options: ValidationOptions = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const order = activities.map((a, index) => ({ a, index }));
  order.sort((x, y) => byProcessingOrder(x.a, y.a) || x.index - y.index);
  const held = new Map<string, number>();
  for (const { a, index } of order) {
    const code = fieldIssue(a, options);
    if (code) {
      issues.push({ index, code, id: a.id });
      continue;
    }
    const symbol = a.symbol ?? "";
    const q = held.get(symbol) ?? 0;
    if (a.type === "buy" || a.type === "rights" || a.type === "bonus") held.set(symbol, q + a.quantity);
    else if (a.type === "split") held.set(symbol, q * a.splitRatio!);
    else if (a.type === "sell") {
      if (a.quantity > q + QTY_EPSILON * Math.max(1, q)) issues.push({ index, code: "oversell", id: a.id });
      else held.set(symbol, Math.max(0, q - a.quantity));
    }
  }
  return issues.sort((x, y) => x.index - y.index);
}
