import type { Holding, Slice } from "./types";

/** Key for holdings without a sector in the instrument facts. */
export const UNCLASSIFIED = "unclassified";

/**
 * Shares of the priced holdings' market value grouped by a key, largest first. Cash and unpriced
 * holdings are not part of the allocation.
 */
export function slices(holdings: Holding[], keyOf: (h: Holding) => string): Slice[] {
  const sums = new Map<string, number>();
  let total = 0;
  for (const h of holdings) {
    if (h.marketValue === null) continue;
    const key = keyOf(h);
    sums.set(key, (sums.get(key) ?? 0) + h.marketValue);
    total += h.marketValue;
  }
  return [...sums]
    .map(([key, value]) => ({ key, value, weight: total > 0 ? value / total : 0 }))
    .sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : 1));
}

export function allocationOf(holdings: Holding[]) {
  return {
    byExchange: slices(holdings, (h) => h.exchange),
    bySector: slices(holdings, (h) => h.sector ?? UNCLASSIFIED),
    byCurrency: slices(holdings, (h) => h.currency),
  };
}
