import { computeSnapshot } from "./snapshot";
import type { Activity, EngineInput, Ledger, LiveQuote } from "./types";

/** Keeps a portfolio's per-day state so a new activity or quote does not recompute history. */
export function createLedger(input: EngineInput): Ledger {
  const activities = [...input.activities];
  const quotes = new Map(input.quotes);
  return {
    addActivity(activity: Activity) {
      activities.push(activity);
    },
    applyQuote(quote: LiveQuote) {
      quotes.set(quote.symbol, quote);
    },
    snapshot() {
      return computeSnapshot({ ...input, activities, quotes });
    },
  };
}
