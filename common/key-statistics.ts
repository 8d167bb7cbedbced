/**
 * A company's key statistics (`GET /api/instruments/:symbol`, the company page). Every figure
 * names its source and the date it describes; a figure no source gives is absent, never invented.
 */

/** One figure with where it came from. */
export interface Figure<T> {
  value: T;
  /**
   * The source's key: a price source ("yahoo", "twelvedata", "sahmk", "simulator") or, for a
   * listing's facts, the listings file's source key ("tadawul", "dfm", "catalogue"...).
   */
  source: string;
  /** ISO date or time the figure describes; null when the source gives none. */
  asOf: string | null;
  /** Computed by the site from the source's data (e.g. "52 weeks of daily bars"): the basis. */
  basis?: StatisticBasis;
  /** The simulator made it: not a market figure. */
  simulated?: true;
}

/** What a figure computed from stored daily history was computed from. */
export interface StatisticBasis {
  /** Daily bars counted. */
  sessions: number;
  /** The first and last session counted (ISO dates). */
  from: string;
  to: string;
}

export interface KeyStatisticsFigures {
  open?: Figure<number>;
  previousClose?: Figure<number>;
  dayRange?: Figure<{ low: number; high: number }>;
  /** `position`: where the price stands in the range, 0 at the low, 1 at the high. */
  range52Week?: Figure<{ low: number; high: number; price: number; position: number }>;
  volume?: Figure<number>;
  averageVolume30Day?: Figure<number>;
  /** Price × volume of the session (the sources give no traded value). */
  valueTraded?: Figure<number>;
  sharesOutstanding?: Figure<number>;
  marketCap?: Figure<number>;
  peRatio?: Figure<number>;
  eps?: Figure<number>;
  /** Trailing twelve months of dividends over the price, as a fraction. */
  dividendYield?: Figure<number>;
  sector?: Figure<string>;
  exchange: Figure<string>;
  currency: Figure<string>;
  isin?: Figure<string>;
}

export interface KeyStatistics {
  symbol: string;
  statistics: KeyStatisticsFigures;
}

/** The figures in the order the page lists them. */
export const KEY_STATISTICS_ORDER = [
  "open",
  "previousClose",
  "dayRange",
  "range52Week",
  "volume",
  "averageVolume30Day",
  "valueTraded",
  "sharesOutstanding",
  "marketCap",
  "peRatio",
  "eps",
  "dividendYield",
  "sector",
  "exchange",
  "currency",
  "isin",
] as const satisfies ReadonlyArray<keyof KeyStatisticsFigures>;

export type KeyStatistic = (typeof KEY_STATISTICS_ORDER)[number];

/** The answer to an unknown symbol (404); its Arabic is in the `server` texts. */
export const INSTRUMENT_NOT_FOUND =
  'No listed company or instrument has the symbol "{{symbol}}". Find one with GET /api/instruments?q=.';
