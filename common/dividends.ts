/**
 * Dividends and corporate actions as the API and pages show them (docs/product/markets.md,
 * "Dividends"). Every row names its source; a figure no source gives is absent, never invented.
 */

export type CorporateActionKind = "dividend" | "split" | "bonus";

export const CORPORATE_ACTION_KINDS = ["dividend", "split", "bonus"] as const;

export interface CorporateActionView {
  id: string;
  symbol: string;
  kind: CorporateActionKind;
  exDate: string;
  recordDate: string | null;
  paymentDate: string | null;
  /** Per share, in `currency` (dividends). */
  amount: number | null;
  currency: string | null;
  /** New shares per old share (splits and bonus shares). */
  ratio: number | null;
  source: string;
  sourceUrl: string | null;
  byEditor: boolean;
  /** The ex-date (or, for one already past, the payment date) is today or later. */
  upcoming: boolean;
  /** When the row was last written (ISO time): the date the page shows beside the source. */
  updatedAt: string;
}

/** A signed-in reader's reminder before one distribution's ex-date, as the company page shows it. */
export interface ReaderDividendReminder {
  daysBefore: number;
  notifyEmail: boolean;
}

/** Trailing twelve months of dividends ÷ the price, as a fraction, with what it was computed from. */
export interface DividendYieldFigure {
  value: number;
  source: string;
  asOf: string;
  basis: {
    dividends: number;
    total: number;
    currency: string | null;
    from: string;
    to: string;
    price: number;
  };
}

/** Days before the ex-date a reader may ask to be reminded. */
export const DIVIDEND_REMINDER_DAYS = [1, 3, 7] as const;
