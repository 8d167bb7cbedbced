/**
 * The portfolio engine's interface: pure data in, pure data out (no database, no I/O).
 * All money is a plain number in MAJOR units (KWD, not fils; SAR, not halalas). Dates are "YYYY-MM-DD".
 */

export type ActivityType =
  | "buy"
  | "sell"
  | "dividend"
  | "bonus"
  | "split"
  | "rights"
  | "deposit"
  | "withdrawal"
  | "fee";

export interface Activity {
  id: string;
  type: ActivityType;
  /** Trade date for buy/sell/rights, ex-date for bonus/split, pay date for a dividend. */
  date: string;
  /** Entry order: breaks ties between activities on the same day. */
  sequence: number;
  /** null for a deposit/withdrawal/fee on cash. */
  symbol: string | null;
  /** Shares bought/sold/received (bonus: shares received free; rights: shares subscribed). */
  quantity: number;
  /** Per share, in `currency` (buy/sell/rights), else 0. */
  unitPrice: number;
  /** The instrument's currency for trades/dividends; any ISO code for cash. */
  currency: string;
  /** Gross cash for dividend/deposit/withdrawal/fee, else 0. */
  amount: number;
  /** Per trade, in `currency`. */
  commission: number;
  vat: number;
  /** Tax withheld from a dividend, in `currency`. */
  withholding: number;
  /** Split: new shares per old share (2-for-1 => 2). */
  splitRatio: number | null;
  note?: string;
}

export interface InstrumentFacts {
  symbol: string;
  currency: string;
  exchange: string;
  sector: string | null;
}

/** The last close on or before `date`, in the instrument's currency (major units), or null. */
export interface PriceHistory {
  closeOn(symbol: string, date: string): number | null;
  /** The date of that close, when the history can tell (shown as the price's freshness). */
  closeDateOn?(symbol: string, date: string): string | null;
  /**
   * Every close with from ≤ date ≤ to, sorted by date. Optional, but with it the engine fills its
   * per-day prices in one pass per instrument instead of one `closeOn` call per day.
   */
  closesBetween?(symbol: string, from: string, to: string): ReadonlyArray<{ date: string; close: number }>;
  /**
   * One entry per calendar day from `from` to `to`: the last close on or before that day, NaN
   * where there is none. Optional; the fastest path (a store can keep these arrays ready). The
   * engine only reads the array, so it may be a view on the store's own.
   */
  dailyCloses?(symbol: string, from: string, to: string): Float64Array;
}

/** Units of `to` per 1 `from` on `date`, or null when unknown. */
export interface FxRates {
  rate(from: string, to: string, date: string): number | null;
}

export interface LiveQuote {
  symbol: string;
  price: number;
  previousClose: number | null;
  asOf: string;
  simulated: boolean;
  source: string;
}

export type Period = "1D" | "MTD" | "YTD" | "1Y" | "MAX";

export const PERIODS: readonly Period[] = ["1D", "MTD", "YTD", "1Y", "MAX"];

export interface EngineInput {
  baseCurrency: string;
  activities: Activity[];
  instruments: Map<string, InstrumentFacts>;
  closes: PriceHistory;
  fx: FxRates;
  quotes: Map<string, LiveQuote>;
  today: string;
  now: Date;
  /** Start of the zakat year (default: today); zakat falls due one Hijri year later. */
  zakatStart?: string;
}

export interface Holding {
  symbol: string;
  exchange: string;
  sector: string | null;
  currency: string;
  quantity: number;
  /** Per share in instrument currency, incl. commission+VAT (weighted average, as Gulf brokers report). */
  averageCost: number;
  /** Base currency from here on. */
  costBasis: number;
  price: number | null;
  marketValue: number | null;
  unrealisedPnl: number | null;
  unrealisedPercent: number | null;
  realisedPnl: number;
  dividendIncome: number;
  todayChange: number | null;
  todayChangePercent: number | null;
  weight: number | null;
  priceAsOf: string | null;
  simulated: boolean;
  source: string | null;
}

export interface Slice {
  key: string;
  value: number;
  weight: number;
}

/** twrIndex starts at 100. */
export interface SeriesPoint {
  date: string;
  value: number;
  netInvested: number;
  twrIndex: number;
}

export interface ZakatEstimate {
  base: number;
  rate: number;
  amount: number;
  dueDate: string;
  dueDateHijri: string;
  method: "trading-market-value";
}

export type WarningCode = "missing-price" | "missing-fx";

export interface EngineWarning {
  code: WarningCode;
  symbol?: string;
  currency?: string;
  date?: string;
}

export interface PortfolioTotals {
  value: number;
  marketValue: number;
  costBasis: number;
  unrealisedPnl: number;
  realisedPnl: number;
  dividendIncome: number;
  fees: number;
  todayChange: number;
  todayChangePercent: number | null;
}

export interface PeriodReturn {
  /** Fractions (0.052 = 5.2%). */
  twr: number | null;
  /** XIRR, annualised. */
  mwr: number | null;
  /** The same money-weighted rate over the period's own length (not annualised). */
  mwrPeriod?: number | null;
}

export interface PortfolioSnapshot {
  baseCurrency: string;
  asOf: string;
  holdings: Holding[];
  cash: number;
  totals: PortfolioTotals;
  allocation: { byExchange: Slice[]; bySector: Slice[]; byCurrency: Slice[] };
  performance: Record<Period, PeriodReturn>;
  series: SeriesPoint[];
  zakat: ZakatEstimate;
  simulated: boolean;
  warnings: EngineWarning[];
  /** Positions sold out (quantity 0) that still carry realised P&L, dividends or fees. */
  closedPositions?: Holding[];
}

export type ValidationCode =
  | "oversell"
  | "unknown-symbol"
  | "missing-symbol"
  | "non-positive-quantity"
  | "non-positive-price"
  | "non-positive-amount"
  | "negative-amount"
  | "bad-split-ratio"
  | "bad-date"
  | "future-date";

export interface ValidationIssue {
  /** Index into the array given to validateSequence. */
  index: number;
  code: ValidationCode;
  /** The activity's id, for messages. */
  id?: string;
}

export interface ValidationOptions {
  /** Symbols that may be traded; when given, any other symbol is "unknown-symbol". */
  instruments?: ReadonlyMap<string, unknown> | ReadonlySet<string>;
  /** Dates after this are "future-date". */
  today?: string;
}

/** Incremental ledger: one per portfolio, kept in memory. `snapshot()` equals `computeSnapshot`. */
export interface Ledger {
  addActivity(activity: Activity): void;
  applyQuote(quote: LiveQuote): void;
  snapshot(): PortfolioSnapshot;
}
