import type { Heatmap, HeatmapPeriod } from "#common/heatmap";
import type {
  MarketSummary,
  OverviewMarket,
  OverviewRow,
  OverviewTab,
  OverviewView,
} from "#common/market-overview";
import type { ScreenerAnswer, ScreenerQuery } from "#common/screener";

export type { MarketSummary, OverviewMarket, OverviewRow } from "#common/market-overview";

/** The market at a glance: every listed company's row and each market's summary, kept per tick. */
export interface Overview {
  /** Resolves once the rows are in and any running read of stored history is done. */
  ready(): Promise<void>;
  rows(): OverviewRow[];
  summary(market: OverviewMarket | "GCC"): MarketSummary;
  /** One tab of `/markets`: its summary and its indices with their session state. */
  view(tab: OverviewTab): OverviewView;
  /** One page of a screen (GET /api/screener); an unknown sector is refused with a message. */
  screen(query: ScreenerQuery): ScreenerAnswer;
  /** One tab's sector heatmap over a period, laid out for its two boxes. */
  heatmap(tab: OverviewTab, period: HeatmapPeriod): Heatmap;
  /** The session's sparkline (SVG polyline points) of each symbol with stored minute bars. */
  sparklines(symbols: string[]): Promise<Record<string, string>>;
  /**
   * Whether a company's row passes every filter of a screen (sort and paging aside), its Shariah
   * status and dividend yield included: what a saved screen's membership is.
   */
  matches(row: OverviewRow, query: ScreenerQuery): boolean;
  /** The sectors of the listed companies, sorted. */
  sectors(): string[];
}
