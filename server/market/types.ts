/** The market data contract every other feature (alerts, chat, admin) relies on. */
export type MarketCategory = "gulfStocks" | "currencies" | "crypto" | "commodities" | "usIndices";

export interface Instrument {
  symbol: string; // e.g. TASI, USD/AED, BRENT, BTC
  name: string;
  category: MarketCategory;
  subcategory?: string;
  exchange: string; // key of the trading calendar, e.g. TADAWUL, DFM, FX, CRYPTO, NYSE
  currency: string;
  decimals: number;
  /** Other names users type: "Saudi index", "dirham", "oil"... */
  aliases: string[];
}

/** Spec §3 market instrument, plus what a trading screen needs. */
export interface Quote {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  isPositive: boolean;
  category: MarketCategory;
  subcategory?: string;
  lastUpdate: string; // ISO time of the last price change
  previousClose: number;
  dayHigh: number;
  dayLow: number;
  marketOpen: boolean;
}

/** Spec §3 market data bundle. */
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
}

export type HistoryRange = "1D" | "1W" | "1M" | "1Y";

export interface MarketService {
  catalogue(): Instrument[];
  /** By symbol, name or alias, case-insensitive ("tasi", "Saudi index", "usd/aed", "brent"). */
  findInstrument(query: string): Instrument | undefined;
  quote(symbol: string): Quote | undefined;
  snapshot(): MarketBundle;
  /** Called on every process after its in-memory snapshot took a tick's changed quotes. */
  onTick(fn: (changed: Quote[]) => void): () => void;
  history(symbol: string, range: HistoryRange): Promise<Bar[]>;
}
