import type { CorporateActionView, DividendYieldFigure } from "#common/dividends";

export type { CorporateActionKind, CorporateActionView, DividendYieldFigure } from "#common/dividends";

/** Where a stored action came from; a later answer replaces a row only from a source ranked at least as high. */
export type ActionSource = "yahoo" | "twelvedata" | "editor";

/** One action as a source (or the editor) gives it, before it is stored. */
export interface ActionInput {
  symbol: string;
  kind: "dividend" | "split" | "bonus";
  exDate: string;
  recordDate?: string | null;
  paymentDate?: string | null;
  amount?: number | null;
  currency?: string | null;
  ratio?: number | null;
  sourceUrl?: string | null;
}

export interface UpcomingQuery {
  exchange?: string;
  sector?: string;
  /** Only these symbols (a reader's watchlists). */
  symbols?: string[];
}

/** An upcoming distribution with its company's exchange and sector. */
export interface UpcomingAction extends CorporateActionView {
  exchange: string;
  sector: string | null;
}

/** The dividends feature as pages, the company statistics and the API read it. */
export interface Dividends {
  /** A symbol's actions, newest ex-date first. */
  history(symbol: string): Promise<CorporateActionView[]>;
  /** Actions whose ex-date or payment date is today or later, soonest first. */
  upcoming(query?: UpcomingQuery): Promise<UpcomingAction[]>;
  /** Trailing-twelve-month dividends over the price; undefined without a dividend in the window. */
  trailingYield(symbol: string, price: number): Promise<DividendYieldFigure | undefined>;
}
