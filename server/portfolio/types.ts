import type { Activity, PortfolioSnapshot } from "./engine/types";

export type { Activity, PortfolioSnapshot };

/** A reader's portfolio as the API shows it. */
export interface Portfolio {
  id: string;
  name: string;
  baseCurrency: string;
  createdAt: string;
}

/** What an activity is made of: every Activity field but the ones the server assigns. */
export type ActivityInput = Omit<Activity, "id" | "sequence">;

export interface PortfolioView {
  portfolio: Portfolio;
  snapshot: PortfolioSnapshot;
  /** In the order they apply: by date, then by entry. */
  activities: Activity[];
}

export interface RowError {
  field: string;
  message: string;
}

export interface ImportRow {
  /** The file's row number (1 = the first data row). */
  row: number;
  activity?: ActivityInput;
  errors: RowError[];
}

export interface ImportResult {
  rows: ImportRow[];
  valid: boolean;
  /** 0 unless every row is valid and it was not a dry run. */
  written: number;
}

export type ExportFormat = "csv" | "json" | "ghostfolio";

export interface ExportFile {
  contentType: string;
  filename: string;
  body: string;
}

/** "You held 100 shares on the ex-date: add SAR 150?" */
export interface DividendProposal {
  symbol: string;
  exDate: string;
  payDate: string | null;
  quantity: number;
  perShare: number;
  currency: string;
  amount: number;
}

export type PortfolioAlertKind = "day-move" | "weight";

export interface PortfolioAlert {
  id: string;
  kind: PortfolioAlertKind;
  /** Percent. */
  threshold: number;
  notifyEmail: boolean;
  /** The day it last fired, if it did. */
  firedOn: string | null;
  createdAt: string;
}

/**
 * A reader's portfolios. Every method takes the owner's id and scopes its queries by it and by
 * the portfolio's id: another user's portfolio is "not found". Inputs arrive unchecked (`unknown`)
 * and are refused with an AppError naming the field (English; server.json holds the Arabic); a
 * refused call writes nothing.
 */
export interface Portfolios {
  list(userId: string): Promise<Portfolio[]>;
  create(userId: string, input: unknown): Promise<Portfolio>;
  update(userId: string, portfolioId: string, input: unknown): Promise<Portfolio>;
  remove(userId: string, portfolioId: string): Promise<void>;
  get(userId: string, portfolioId: string): Promise<PortfolioView>;
  snapshot(userId: string, portfolioId: string): Promise<PortfolioSnapshot>;
  addActivity(userId: string, portfolioId: string, input: unknown): Promise<Activity>;
  updateActivity(userId: string, portfolioId: string, activityId: string, input: unknown): Promise<Activity>;
  removeActivity(userId: string, portfolioId: string, activityId: string): Promise<void>;
  importActivities(userId: string, portfolioId: string, request: unknown): Promise<ImportResult>;
  exportActivities(userId: string, portfolioId: string, format: unknown): Promise<ExportFile>;
  dividendProposals(userId: string, portfolioId: string): Promise<DividendProposal[]>;
  acceptProposal(userId: string, portfolioId: string, input: unknown): Promise<Activity>;
  alerts(userId: string, portfolioId: string): Promise<PortfolioAlert[]>;
  addAlert(userId: string, portfolioId: string, input: unknown): Promise<PortfolioAlert>;
  removeAlert(userId: string, portfolioId: string, alertId: string): Promise<void>;
  /** Judges the portfolio alerts of the portfolios holding these symbols (the tick hook calls it). */
  evaluateAlerts(symbols: string[]): Promise<number>;
}
