/**
 * The market's compact wire format: what the market feed publishes on the bus and what browsers
 * receive as the `market` event of the live stream (common/sse-events.ts). Shared by the server
 * (server/market/wire.ts encodes it) and the browser (app/components/market/market-feed.tsx
 * merges it), so it imports nothing.
 */

/**
 * How current a price is: `live` (as the exchange trades), `delayed` (by `delayMinutes`), `eod` (the
 * last close or a daily reference rate), `stale` (a real trade older than its exchange's last
 * session: shown with its full date, never read by alerts), `peg` (a pegged currency held at its
 * central bank's official rate) or `simulated` (the built-in simulator: not a market price).
 * docs/product/markets.md lists when each applies.
 */
export type Freshness = "live" | "delayed" | "eod" | "stale" | "peg" | "simulated";

/**
 * Freshness values whose price an alert may act on: every price shown as current. A stale trade
 * never does; a simulated price only where the instrument is simulated (and labelled so).
 */
export const ALERTABLE: ReadonlySet<Freshness> = new Set<Freshness>([
  "live",
  "delayed",
  "eod",
  "peg",
  "simulated",
]);

/**
 * A quote on the wire: [symbol, price, previousClose, dayHigh, dayLow, lastUpdate (ms), source,
 * freshness, delayMinutes (only when delayed)]. `lastUpdate` is the time of the trade (or rate)
 * the price reports, not of the fetch. A previousClose of 0 means no real previous close exists
 * (a source without one, nothing stored): the price is shown without a change.
 */
export type WireQuote =
  | [string, number, number, number, number, number, string, Freshness]
  | [string, number, number, number, number, number, string, Freshness, number];

/**
 * What the bus and the browsers carry (compact: NOTIFY payloads stay < 8000 bytes). `full` marks a
 * snapshot (every known quote); otherwise `q` holds only the quotes this tick changed. Receivers
 * merge by symbol either way.
 */
export interface MarketWire {
  /** Tick time (ms): the bundle's lastRefresh and the SSE event id. 0 before the first tick. */
  t: number;
  /** Tick interval (ms) in force, so clients can tell live from delayed. */
  ms: number;
  /** False when the last poll of the provider failed (prices are the last known). */
  ok: boolean;
  /** Exchanges open at the tick. */
  x: string[];
  q: WireQuote[];
  full?: boolean;
}
