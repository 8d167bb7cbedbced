import type { AlertTypeValue } from "./alert-schema";

/**
 * Whether a level alert (above, below) already holds at a price: such an alert fires as soon as it
 * is armed (docs/product/alerts.md). Crossings, change % and window moves need a move first, so
 * they never hold at creation.
 */
export function levelHolds(alertType: AlertTypeValue, target: number, price: number | null | undefined) {
  if (price == null || !(price > 0)) return false;
  if (alertType === "above") return price >= target;
  if (alertType === "below") return price <= target;
  return false;
}

/** One instrument's last quote as GET /api/market?symbols= answers it (the alert form and list). */
export interface QuoteSummary {
  symbol: string;
  name: string;
  nameAr?: string;
  decimals: number;
  currency: string;
  price: number;
  /** live, delayed, eod, simulated (or a state the market adds, such as stale). */
  freshness: string;
}

/** At most this many symbols per ?symbols= request (a user's alerts name at most 100). */
export const MAX_QUOTE_SYMBOLS = 100;
