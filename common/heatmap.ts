/**
 * The sector heatmap of `/markets` (`GET /api/markets/heatmap`): one tile per company, grouped by
 * sector, laid out on the server in two boxes (a wide one for desktops, a tall one for phones) so
 * the page ships rectangles, not a layout library. Shared by the server and the page.
 */
import type { OverviewTab } from "./market-overview";

export const HEATMAP_PERIODS = ["1D", "1W", "1M", "YTD"] as const;
export type HeatmapPeriod = (typeof HEATMAP_PERIODS)[number];

/** The boxes the layouts fill, in layout units; the page keeps each box's aspect ratio. */
export const HEATMAP_BOX = { wide: { w: 1200, h: 640 }, tall: { w: 600, h: 900 } } as const;
export type HeatmapBox = keyof typeof HEATMAP_BOX;

/** A rectangle in percent of its box: [left, top, width, height]. */
export type Rect = [number, number, number, number];

export interface HeatmapTile {
  symbol: string;
  name: string;
  nameAr: string;
  sector: string;
  /** Change over the period in percent; null when no close of the same kind starts the period. */
  change: number | null;
  simulated: boolean;
  wide: Rect;
  tall: Rect;
  /** Whether the tile is large enough for its label in each box. */
  label: { wide: boolean; tall: boolean };
}

export interface HeatmapSector {
  sector: string;
  wide: Rect;
  tall: Rect;
}

export interface Heatmap {
  tab: OverviewTab;
  period: HeatmapPeriod;
  /** What sizes the tiles: market cap only when every company shown has one, else value traded. */
  sizedBy: "marketCap" | "valueTraded";
  sectors: HeatmapSector[];
  /** Sector by sector, largest sector first, largest company first within it: the keyboard's order. */
  tiles: HeatmapTile[];
  /** Companies of the view; those without a size (no value traded) get no tile. */
  companies: number;
  /** Any change or size computed from the simulator. */
  simulated: boolean;
}

/** The period's changes only, for the live stream: the layout stays as the page drew it. */
export type HeatmapChanges = Record<string, number | null>;

export const UNKNOWN_PERIOD = `Unknown period: use one of ${HEATMAP_PERIODS.join(", ")}.`;

/** The `period` parameter: absent is 1D; an unknown one, or two, is refused. */
export function parseHeatmapPeriod(
  values: string[],
): { ok: true; period: HeatmapPeriod } | { ok: false; error: string } {
  if (values.length > 1) return { ok: false, error: "period: give it once" };
  const value = values[0];
  if (value === undefined || value === "") return { ok: true, period: "1D" };
  const period = HEATMAP_PERIODS.find((p) => p === value.toUpperCase());
  return period ? { ok: true, period } : { ok: false, error: `period: ${UNKNOWN_PERIOD}` };
}

/**
 * A tile's colour step from its change: seven steps, wider for longer periods (a 3% week is
 * ordinary, a 3% day is not). The sign is always in the tile's text too, never in colour alone.
 */
const SPAN: Record<HeatmapPeriod, number> = { "1D": 1, "1W": 2, "1M": 3, YTD: 6 };
export function changeStep(change: number | null, period: HeatmapPeriod): number {
  if (change === null) return 0;
  const c = change / SPAN[period];
  if (Math.abs(c) < 0.05) return 0;
  const size = Math.abs(c) >= 3 ? 3 : Math.abs(c) >= 1 ? 2 : 1;
  return c > 0 ? size : -size;
}
export const stepThresholds = (period: HeatmapPeriod) => [0.05, 1, 3].map((x) => x * SPAN[period]);
