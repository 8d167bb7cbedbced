/**
 * The market overview's shapes, shared by the server (server/overview/) and the `/markets` page:
 * one row per listed company and one summary per market. Every figure says what it was computed
 * from: the price's freshness, and whether its volume or 52-week range came from the simulator.
 */
import type { Freshness } from "./market-wire";

/** The overview's markets: Tadawul's main market and Nomu apart, then the other exchanges. */
export const OVERVIEW_MARKETS = [
  "TADAWUL",
  "NOMU",
  "DFM",
  "ADX",
  "QSE",
  "BOURSA_KUWAIT",
  "BAHRAIN",
  "MSX",
  "ASE",
] as const;
export type OverviewMarket = (typeof OVERVIEW_MARKETS)[number];
/** The GCC-wide view: every market but Amman (Jordan is not a GCC state). */
export const GCC_MARKETS: readonly OverviewMarket[] = OVERVIEW_MARKETS.filter((m) => m !== "ASE");

export interface OverviewRow {
  symbol: string;
  name: string;
  nameAr: string;
  /** The listing's exchange (TADAWUL for Nomu too). */
  exchange: string;
  market: OverviewMarket;
  sector: string;
  price: number;
  /** Null when no real previous close exists (shown without a change). */
  changePercent: number | null;
  /** Shares traded this session; null where no source gives it. */
  volume: number | null;
  /** Volume × price; null without a volume. */
  valueTraded: number | null;
  /** Null: the listings carry no shares outstanding, and a market cap is never invented. */
  marketCap: number | null;
  high52w: number | null;
  low52w: number | null;
  /** The price's (and its change's) freshness. */
  freshness: Freshness;
  source: string;
  /** True when the simulator made the volume (and so the value traded). */
  volumeSimulated: boolean;
  /** True when the 52-week range comes from simulated bars. */
  range52wSimulated: boolean;
  /** The session's high passed the previous 52-week high (same kind of price as the bars). */
  newHigh: boolean;
  newLow: boolean;
  lastUpdate: string;
}

/** A mover in a top-5 list. */
export interface Mover {
  symbol: string;
  name: string;
  nameAr: string;
  price: number;
  changePercent: number | null;
  volume: number | null;
  valueTraded: number | null;
  freshness: Freshness;
  volumeSimulated: boolean;
}

export interface SectorPerformance {
  sector: string;
  companies: number;
  /** Mean change % of the sector's companies with a change; null when none has one. */
  changePercent: number | null;
  advancers: number;
  decliners: number;
  valueTraded: number;
  simulated: boolean;
}

/** One market's (or the GCC's) summary; `simulated` flags say whether any part came from the simulator. */
export interface MarketSummary {
  market: OverviewMarket | "GCC";
  companies: number;
  advancers: number;
  decliners: number;
  unchanged: number;
  /** Companies with no change to show (no real previous close). */
  noChange: number;
  volume: number;
  valueTraded: number;
  newHighs: number;
  newLows: number;
  gainers: Mover[];
  losers: Mover[];
  activeByValue: Mover[];
  activeByVolume: Mover[];
  sectors: SectorPerformance[];
  /** Quotes by freshness. */
  freshness: Partial<Record<Freshness, number>>;
  simulated: { prices: boolean; traded: boolean; range52w: boolean };
}

/** The page's tabs: the GCC-wide view first, then each market. */
export const OVERVIEW_TABS = ["GCC", ...OVERVIEW_MARKETS] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];

/** Each market's index in the curated catalogue; Nomu's index is quoted by none of our sources. */
export const MARKET_INDEX: Record<OverviewMarket, string | null> = {
  TADAWUL: "TASI",
  NOMU: null,
  DFM: "DFMGI",
  ADX: "FADGI",
  QSE: "QSI",
  BOURSA_KUWAIT: "BKP",
  BAHRAIN: "BHSEASI",
  MSX: "MSX30",
  ASE: "ASEGI",
};

/** The trading calendar a market follows (Nomu trades on Tadawul's). */
export const calendarOf = (market: OverviewMarket) => (market === "NOMU" ? "TADAWUL" : market);

/** An index with its exchange's session state. */
export interface IndexView {
  symbol: string;
  name: string;
  nameAr: string;
  market: OverviewMarket;
  price: number;
  changePercent: number | null;
  freshness: Freshness;
  source: string;
  openNow: boolean;
  lastCloseAt: number | null;
  nextOpenAt: number | null;
}

/** What `/markets` shows for one tab and `GET /api/markets/overview` answers. */
export interface OverviewView {
  tab: OverviewTab;
  summary: MarketSummary;
  indices: IndexView[];
  /** The tick the figures are from (ms); 0 before the first. */
  asOf: number;
}

export const UNKNOWN_MARKET = `Unknown market: use one of ${OVERVIEW_TABS.join(", ")}.`;

/** The `market` parameter, every value given: absent is the GCC-wide view; an unknown one, or two, is refused. */
export function parseOverviewTab(
  values: string[],
): { ok: true; tab: OverviewTab } | { ok: false; error: string } {
  if (values.length > 1) return { ok: false, error: "market: give it once" };
  const value = values[0];
  if (value === undefined || value === "") return { ok: true, tab: "GCC" };
  const tab = OVERVIEW_TABS.find((t) => t === value.toUpperCase());
  return tab ? { ok: true, tab } : { ok: false, error: UNKNOWN_MARKET };
}
