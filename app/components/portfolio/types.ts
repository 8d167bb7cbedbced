import type { Activity, PortfolioSnapshot } from "#server/portfolio/engine/types";
import type { DividendProposal, Portfolio as PortfolioView } from "#server/portfolio/types";

export type {
  Activity,
  ActivityType,
  Holding,
  Period,
  PortfolioSnapshot,
  SeriesPoint,
  Slice,
} from "#server/portfolio/engine/types";

export type { DividendProposal, Portfolio as PortfolioView } from "#server/portfolio/types";

/** A portfolio alert as the page shows it. */
export interface PortfolioAlertView {
  id: string;
  kind: "day-move" | "weight";
  threshold: number;
}

/** The open portfolio: its valuation, its activities, proposals and alerts. */
export interface OpenPortfolio {
  portfolio: PortfolioView;
  snapshot: PortfolioSnapshot;
  activities: Activity[];
  proposals: DividendProposal[];
  alerts: PortfolioAlertView[];
}

/** The currencies a portfolio can be valued in and the activity types, as the server checks them. */
export { ACTIVITY_TYPES, BASE_CURRENCIES } from "#common/portfolio-schema";

/** The indices the performance chart can be compared with (symbols of the market catalogue). */
export const COMPARE_INDICES = ["TASI", "DFMGI", "FADGI", "QSI", "BKP", "BHSEASI", "MSX30", "ASEGI"] as const;
