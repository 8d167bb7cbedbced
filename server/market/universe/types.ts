import { LISTING_EXCHANGES } from "#common/instruments";

/**
 * One company listed on a Gulf (or Jordanian) exchange: the instrument universe beyond the
 * curated catalogue. The shipped file `listings.json` holds them; the `instruments` table is
 * seeded from it and refreshed from a provider's listing endpoint.
 */
export const EXCHANGES = LISTING_EXCHANGES;

export type ListingExchange = (typeof EXCHANGES)[number];

export interface ListingTickers {
  /** Yahoo chart ticker: `2222.SR`, `EMAAR.AE` (DFM and ADX), `QNBK.QA`, `ZAIN.KW`. */
  yahoo?: string;
  /** Twelve Data symbol (used with the listing's exchange). */
  twelveData?: string;
  /** SAHMK (Saudi) symbol: the Tadawul code. */
  sahmk?: string;
}

export interface Listing {
  /**
   * The site's symbol, unique across exchanges: Tadawul's four-digit code, otherwise the
   * exchange's trading code. When two exchanges use the same code, the listing on the exchange
   * that comes first in EXCHANGES keeps the bare code and the other gets `CODE.<suffix>`
   * (SYMBOL_SUFFIX); a listing added later by the refresh job always takes the suffix, so an
   * existing symbol (alerts and links point at it) never changes.
   */
  symbol: string;
  name: string;
  /** The company's Arabic name; equal to `name` when no source gave one (`nameArMissing`). */
  nameAr: string;
  /** True when `nameAr` is the English name because no source had the Arabic one. */
  nameArMissing?: boolean;
  exchange: ListingExchange;
  /** Tadawul: "main" | "nomu"; others omit it. */
  board?: string;
  sector: string;
  currency: string;
  tickers: ListingTickers;
  /** Which source in SOURCES.md the facts came from (its key). */
  source?: string;
}

/** Suffix for a code that collides with one on an earlier exchange in EXCHANGES. */
export const SYMBOL_SUFFIX: Record<ListingExchange, string> = {
  TADAWUL: "SR",
  DFM: "DFM",
  ADX: "ADX",
  QSE: "QA",
  BOURSA_KUWAIT: "KW",
  BAHRAIN: "BH",
  MSX: "OM",
  ASE: "JO",
};

/** ISO 10383 market identifier codes of the exchanges, as Twelve Data's quote and listing endpoints take them. */
export const EXCHANGE_MIC: Record<ListingExchange, string> = {
  TADAWUL: "XSAU",
  DFM: "XDFM",
  ADX: "XADS",
  QSE: "DSMD",
  BOURSA_KUWAIT: "XKUW",
  BAHRAIN: "XBAH",
  MSX: "XMUS",
  ASE: "XAMM",
};

/** Yahoo's ticker suffix per exchange (`2222.SR`, `EMAAR.AE`); exchanges Yahoo does not quote have none. */
export const YAHOO_SUFFIX: Partial<Record<ListingExchange, string>> = {
  TADAWUL: ".SR",
  DFM: ".AE",
  ADX: ".AE",
  QSE: ".QA",
  BOURSA_KUWAIT: ".KW",
};

export const EXCHANGE_CURRENCY: Record<ListingExchange, string> = {
  TADAWUL: "SAR",
  DFM: "AED",
  ADX: "AED",
  QSE: "QAR",
  BOURSA_KUWAIT: "KWD",
  BAHRAIN: "BHD",
  MSX: "OMR",
  ASE: "JOD",
};

/** What the directory answers: a listing, plus where it came from. */
export interface InstrumentDirectory {
  /** Every listing, ordered by exchange then symbol. */
  all(): Promise<Listing[]>;
  get(symbol: string): Promise<Listing | undefined>;
  /** Symbol prefix, or name in English or Arabic (normalized), best first. */
  search(q: string, options?: { exchange?: ListingExchange; limit?: number }): Promise<Listing[]>;
}
