/** The market data contract every other feature (alerts, chat, admin) relies on. */
import type { Freshness, MarketWire } from "#common/market-wire";

// The wire format is shared with the browser (the live stream), so it lives in common/.
export type { Freshness, MarketWire, WireQuote } from "#common/market-wire";

export type MarketCategory = "gulfStocks" | "currencies" | "crypto" | "commodities" | "usIndices";

export interface Instrument {
  symbol: string; // e.g. TASI, USD/AED, BRENT, BTC
  name: string;
  /** The name Arabic pages show (server/market/arabic-names.ts); the symbol stays Latin. */
  nameAr?: string;
  category: MarketCategory;
  subcategory?: string;
  exchange: string; // key of the trading calendar, e.g. TADAWUL, DFM, FX, CRYPTO, NYSE
  currency: string;
  decimals: number;
  /** Other names users type: "Saudi index", "dirham", "oil"... */
  aliases: string[];
}

/** Where a quote came from and how current it is; every quote carries one. */
export interface QuoteLabel {
  /** Provider name: "yahoo", "frankfurter", "coingecko", "gold-api", "twelvedata", "sahmk", "simulator". */
  source: string;
  freshness: Freshness;
  /** Only when delayed. */
  delayMinutes?: number;
}

/** A market instrument, plus what a trading screen needs. */
export interface Quote extends QuoteLabel {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  isPositive: boolean;
  category: MarketCategory;
  subcategory?: string;
  /** ISO time the feed last quoted it (each tick while its market is open). */
  lastUpdate: string;
  previousClose: number;
  dayHigh: number;
  dayLow: number;
  marketOpen: boolean;
}

/** The market data bundle (`GET /api/market`). */
export interface MarketBundle {
  gulfStocks: Quote[];
  currencies: Quote[];
  commodities: Quote[];
  crypto: Quote[];
  usIndices: Quote[];
  lastRefresh: string;
}

export interface Bar {
  time: number; // unix seconds
  open: number;
  high: number;
  low: number;
  close: number;
  /** Shares traded, when the source gave a volume (the simulator and live ticks give none). */
  volume?: number;
  /** Present (true) when the simulator made any part of the bar: charts mark such bars. */
  simulated?: true;
}

export type HistoryRange = "1D" | "1W" | "1M" | "1Y";

/** An exchange's trading calendar, for the UI (hours in local time plus today's UTC offset). */
export interface ExchangeInfo {
  id: string;
  name: string;
  timeZone: string;
  /** Trading weekdays, 0 = Sunday. */
  days: number[];
  open: string; // "10:00" local
  close: string; // "15:00" local
  allDay: boolean;
  utcOffsetMinutes: number;
  openNow: boolean;
  /** The last session's close and the next open (epoch ms; null for a market that never closes). */
  lastCloseAt: number | null;
  nextOpenAt: number | null;
}

/** One price source's health and request budget, for the admin overview. */
export interface SourceHealth {
  name: string;
  /** The groups of instruments it serves first ("Gulf stocks", "FX"...). */
  groups: string[];
  /** Instruments it quoted at its last refresh. */
  quoted: number;
  ok: boolean;
  budget: { perMinute: number; perDay: number; usedMinute: number; usedDay: number };
  lastSuccess: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Set while it backs off after a 429 or repeated failures. */
  backoffUntil: string | null;
}

export interface MarketStatus {
  provider: string;
  /** Real sources behind `auto` (empty for the simulator). */
  sources?: SourceHealth[];
  /** Quotes by freshness right now. */
  freshness?: Record<Freshness, number>;
  tickMs: number;
  lastRefresh: string | null;
  ok: boolean;
  quotes: number;
}

export interface MarketService {
  catalogue(): Instrument[];
  /** By symbol, name or alias, case-insensitive ("tasi", "Saudi index", "usd/aed", "brent"). */
  findInstrument(query: string): Instrument | undefined;
  quote(symbol: string): Quote | undefined;
  snapshot(): MarketBundle;
  /** Called on every process after its in-memory snapshot took a tick's changed quotes. */
  onTick(fn: (changed: Quote[]) => void): () => void;
  history(symbol: string, range: HistoryRange): Promise<Bar[]>;
  // Optional so test doubles of this contract need not implement them; the real service does.
  /** The trading calendar of an instrument's exchange (Instrument.exchange). */
  exchange?(id: string): ExchangeInfo | undefined;
  /** The curated quotes in wire form, plus the listed instruments named (server render, stream snapshot). */
  wire?(extra?: string[]): MarketWire;
  status?(): MarketStatus;
  /** Someone is looking at this instrument now (its page): the refresh planner favours it. */
  watch?(symbol: string): void;
}
