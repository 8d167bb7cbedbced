import type { QuoteLabel } from "./types";

/**
 * What a source of prices (the simulator, a quote API over HTTP) gives the tick pipeline. A quote
 * without its label is published as simulated: only a source that says so makes a price real.
 */
export interface ProviderQuote extends Partial<QuoteLabel> {
  symbol: string;
  price: number;
  previousClose: number;
  dayHigh: number;
  dayLow: number;
  /** When the source quoted it (ms). */
  time: number;
}

export interface BarRow {
  symbol: string;
  interval: "1m" | "1d";
  /** Bar start (ms); daily bars start at 00:00 UTC of the exchange's local trading date. */
  ts: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Written by a real source (its history or its quotes); absent or false: simulated. */
  real?: boolean;
  /** Shares traded, when the source's history gives it. */
  volume?: number;
  /** The real source whose history this bar is ("yahoo", "twelvedata"). */
  source?: string;
}

export interface MarketProvider {
  readonly name: string;
  /**
   * Runs once on the job leader before the first poll. Given the stored latest quotes, returns the
   * quotes as of `now` and the history to store: everything on a first start, the gap after a
   * downtime, nothing otherwise.
   */
  start(
    stored: ProviderQuote[],
    now: number,
    signal?: AbortSignal,
  ): Promise<{ quotes: ProviderQuote[]; bars: BarRow[] }>;
  /** Quotes as of `now` for the instruments that have news. Throws when the source is unreachable. */
  poll(now: number, signal?: AbortSignal): Promise<ProviderQuote[]>;
  /**
   * Real history a source delivered since the last call (per symbol and interval, a contiguous
   * range): the feed stores it in place of what it covers (the simulator's backfill).
   */
  takeHistory?(): BarRow[][];
}
