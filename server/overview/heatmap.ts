import { hierarchy, treemap, treemapSquarify } from "d3-hierarchy";
import { HEATMAP_BOX, type Heatmap, type HeatmapBox, type HeatmapPeriod, type Rect } from "#common/heatmap";
import { GCC_MARKETS, type OverviewRow, type OverviewTab } from "#common/market-overview";
import type { PeriodCloses } from "./period-closes";

/** Tiles beyond this many would be slivers no one can read or click: the largest are drawn. */
export const MAX_TILES = 150;
/** A sector's name sits in a strip this tall (layout units) above its tiles: about 16 px drawn. */
const HEADER: Record<HeatmapBox, number> = { wide: 18, tall: 28 };
const GAP = 2;
/** The least tile (layout units) that holds a name and a change, per box. */
const LABEL_MIN: Record<HeatmapBox, { w: number; h: number }> = {
  wide: { w: 70, h: 34 },
  tall: { w: 100, h: 54 },
};

/**
 * A company's change over the period: 1D is the snapshot's (against a real previous close); the
 * longer periods run from the stored close that starts them, only when that close is of the same
 * kind as the price (a simulated close never starts a real price's change, nor the reverse).
 */
export function periodChange(
  row: OverviewRow,
  closes: Map<string, PeriodCloses>,
  period: HeatmapPeriod,
): number | null {
  if (period === "1D") return row.changePercent;
  const c = closes.get(row.symbol);
  if (!c || c.simulated !== (row.freshness === "simulated")) return null;
  const start = period === "1W" ? c.week : period === "1M" ? c.month : c.year;
  return start !== null && start > 0 ? (row.price / start - 1) * 100 : null;
}

interface Leaf {
  row: OverviewRow;
  weight: number;
}
type Node = { sector?: string; leaf?: Leaf; children?: Node[] };

const pct = (v: number, of: number) => Math.round((v / of) * 10_000) / 100;

/** Squarified rectangles of each sector and tile in one box, keyed by sector and by symbol. */
function layout(groups: Node[], box: HeatmapBox) {
  const { w, h } = HEATMAP_BOX[box];
  const root = hierarchy<Node>({ children: groups })
    .sum((d) => d.leaf?.weight ?? 0)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laid = treemap<Node>()
    .tile(treemapSquarify)
    .size([w, h])
    .paddingInner(GAP)
    .paddingTop((n) => (n.depth === 1 ? HEADER[box] : 0))(root);
  const rects = new Map<string, { rect: Rect; label: boolean }>();
  for (const n of laid.descendants()) {
    const key = n.data.leaf?.row.symbol ?? (n.depth === 1 ? `sector:${n.data.sector}` : null);
    if (!key) continue;
    const rect: Rect = [pct(n.x0, w), pct(n.y0, h), pct(n.x1 - n.x0, w), pct(n.y1 - n.y0, h)];
    const label = n.x1 - n.x0 >= LABEL_MIN[box].w && n.y1 - n.y0 >= LABEL_MIN[box].h;
    rects.set(key, { rect, label });
  }
  return rects;
}

/** The companies that get a tile, grouped by sector, each group and tile largest first. */
function groupsOf(rows: OverviewRow[], byCap: boolean): Node[] {
  const weighted = rows
    .map((row) => ({ row, weight: (byCap ? row.marketCap : row.valueTraded) ?? 0 }))
    .filter((l) => l.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.row.symbol.localeCompare(b.row.symbol))
    .slice(0, MAX_TILES);
  const bySector = new Map<string, Leaf[]>();
  for (const l of weighted) bySector.set(l.row.sector, [...(bySector.get(l.row.sector) ?? []), l]);
  const total = (g: Leaf[]) => g.reduce((s, l) => s + l.weight, 0);
  return [...bySector.entries()]
    .sort((a, b) => total(b[1]) - total(a[1]) || a[0].localeCompare(b[0]))
    .map(([sector, leaves]) => ({ sector, children: leaves.map((leaf) => ({ leaf })) }));
}

/**
 * The heatmap of one tab: tiles sized by market cap when every company has one (never today: no
 * listing carries shares outstanding), else by the session's value traded, and labelled so.
 */
export function buildHeatmap(
  tab: OverviewTab,
  period: HeatmapPeriod,
  rows: OverviewRow[],
  closes: Map<string, PeriodCloses>,
): Heatmap {
  const byCap = rows.length > 0 && rows.every((r) => r.marketCap !== null && r.marketCap > 0);
  const groups = groupsOf(rows, byCap);
  const wide = layout(groups, "wide");
  const tall = layout(groups, "tall");
  const at = (key: string) => ({ w: wide.get(key)!, t: tall.get(key)! });
  const leaves = groups.flatMap((g) => (g.children ?? []).map((c) => c.leaf!));
  const tiles = leaves.map(({ row }) => {
    const { w, t } = at(row.symbol);
    const change = periodChange(row, closes, period);
    const simulated = row.freshness === "simulated" || (!byCap && row.volumeSimulated);
    return {
      symbol: row.symbol,
      name: row.name,
      nameAr: row.nameAr,
      sector: row.sector,
      change: change === null ? null : Math.round(change * 100) / 100,
      simulated,
      wide: w.rect,
      tall: t.rect,
      label: { wide: w.label, tall: t.label },
    };
  });
  const sectors = groups.map((g) => {
    const { w, t } = at(`sector:${g.sector}`);
    return { sector: g.sector!, wide: w.rect, tall: t.rect };
  });
  return {
    tab,
    period,
    sizedBy: byCap ? "marketCap" : "valueTraded",
    sectors,
    tiles,
    companies: rows.length,
    simulated: tiles.some((t) => t.simulated),
  };
}

const gcc = new Set<string>(GCC_MARKETS);
const inTab = (tab: OverviewTab) => (r: OverviewRow) =>
  tab === "GCC" ? gcc.has(r.market) : r.market === tab;

/**
 * Heatmaps per tab and period, laid out again only when `version` says a tick or a read of
 * stored history changed what they show (so a page request does not redo a layout per reader).
 */
export function createHeatmaps(src: {
  rows: () => OverviewRow[];
  closes: () => Map<string, PeriodCloses>;
  version: () => string;
}) {
  const kept = new Map<string, { version: string; map: Heatmap }>();
  return (tab: OverviewTab, period: HeatmapPeriod): Heatmap => {
    const key = `${tab}|${period}`;
    const version = src.version();
    const found = kept.get(key);
    if (found?.version === version) return found.map;
    const map = buildHeatmap(tab, period, src.rows().filter(inTab(tab)), src.closes());
    kept.set(key, { version, map });
    return map;
  };
}
