import type { CatalogueEntry } from "./catalogue";
import { EXCHANGES, isOpen } from "./exchanges";
import type { ProviderQuote } from "./provider";
import type { MarketWire, Quote, QuoteLabel, WireQuote } from "./types";

export const TICK_TOPIC = "market:tick";
/** NOTIFY refuses payloads from 8000 bytes; stay well below with the envelope around it. */
export const MAX_MESSAGE_BYTES = 7_000;

export const roundTo = (v: number, decimals: number) => Number(v.toFixed(decimals));

/** A quote's label; one without (a test double, an old stored row) is simulated. */
export function labelOf(q: Partial<QuoteLabel>): QuoteLabel {
  if (!q.source || !q.freshness) return { source: "simulator", freshness: "simulated" };
  return q.freshness === "delayed"
    ? { source: q.source, freshness: "delayed", delayMinutes: Math.max(0, Math.round(q.delayMinutes ?? 0)) }
    : { source: q.source, freshness: q.freshness };
}

/** The label carried by a wire quote. */
export function wireLabel(w: WireQuote): QuoteLabel {
  return labelOf({ source: w[6], freshness: w[7], delayMinutes: w[8] });
}

/** Prices are published at the instrument's display precision, so every consumer sees one number. */
export function toWire(entry: CatalogueEntry, q: ProviderQuote): WireQuote {
  const d = entry.decimals;
  const label = labelOf(q);
  const head = [
    entry.symbol,
    roundTo(q.price, d),
    roundTo(q.previousClose, d),
    roundTo(q.dayHigh, d),
    roundTo(q.dayLow, d),
    q.time,
  ] as const;
  return label.freshness === "delayed"
    ? [...head, label.source, label.freshness, label.delayMinutes ?? 0]
    : [...head, label.source, label.freshness];
}

export function toQuote(entry: CatalogueEntry, w: WireQuote, now: number): Quote {
  const [symbol, price, previousClose, dayHigh, dayLow, at] = w;
  // No real previous close (0): no change either, never the whole price.
  const change = previousClose > 0 ? roundTo(price - previousClose, entry.decimals) : 0;
  return {
    symbol,
    name: entry.name,
    price,
    change,
    changePercent: previousClose ? roundTo((price / previousClose - 1) * 100, 2) : 0,
    isPositive: change >= 0,
    category: entry.category,
    ...(entry.subcategory ? { subcategory: entry.subcategory } : {}),
    lastUpdate: new Date(at).toISOString(),
    previousClose,
    dayHigh,
    dayLow,
    marketOpen: isOpen(EXCHANGES[entry.exchange]!, now),
    ...wireLabel(w),
  };
}

export const openExchanges = (now: number) =>
  Object.values(EXCHANGES)
    .filter((ex) => isOpen(ex, now))
    .map((ex) => ex.id);

/** Splits a tick into messages that each fit a NOTIFY payload; only the first keeps `full`. */
export function splitMessage(msg: MarketWire): MarketWire[] {
  if (JSON.stringify(msg).length <= MAX_MESSAGE_BYTES) return [msg];
  const out: MarketWire[] = [];
  let current: MarketWire = { ...msg, q: [] };
  for (const q of msg.q) {
    current.q.push(q);
    if (JSON.stringify(current).length > MAX_MESSAGE_BYTES && current.q.length > 1) {
      current.q.pop();
      out.push(current);
      current = { ...msg, full: undefined, q: [q] };
    }
  }
  out.push(current);
  return out.map((m) => (m.full ? m : (({ full: _, ...rest }) => rest)(m)));
}
