import { type CSSProperties, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { changeStep, type Heatmap, type HeatmapPeriod, type HeatmapTile, type Rect } from "#common/heatmap";
import { Link } from "~/components/link";
import { instrumentSlug } from "~/components/market/format";
import { useFormat } from "~/lib/use-format";
import "~/locales/heatmap";
import "~/locales/market";

/**
 * A tile's colours per step (−3 … +3): deep and mid steps carry white text, light ones dark text,
 * each pair at least 4.5:1, and the same on light and dark pages (the tile is its own background).
 * Colour is never alone: every tile's text and name state the change with its sign.
 */
export const STEP_CLASS: Record<number, string> = {
  [-3]: "bg-red-800 text-white",
  [-2]: "bg-red-600 text-white",
  [-1]: "bg-red-200 text-red-950",
  0: "bg-slate-300 text-slate-950",
  1: "bg-emerald-200 text-emerald-950",
  2: "bg-emerald-700 text-white",
  3: "bg-emerald-900 text-white",
};

/** The rectangle of each box as CSS variables; app.css's heatmap-place puts it there. */
const place = (wide: Rect, tall: Rect) =>
  ({
    "--x": `${wide[0]}%`,
    "--y": `${wide[1]}%`,
    "--w": `${wide[2]}%`,
    "--h": `${wide[3]}%`,
    "--tx": `${tall[0]}%`,
    "--ty": `${tall[1]}%`,
    "--tw": `${tall[2]}%`,
    "--th": `${tall[3]}%`,
  }) as CSSProperties;

/** "Company, +1.2%": a tile's accessible name and tooltip. */
export function useTileName() {
  const { t, i18n } = useTranslation("heatmap");
  const f = useFormat();
  return (tile: HeatmapTile) => ({
    name: i18n.language === "ar" ? tile.nameAr : tile.name,
    change: tile.change === null ? "—" : f.changePercent(tile.change),
    label: t("tileName", {
      name: i18n.language === "ar" ? tile.nameAr : tile.name,
      change: tile.change === null ? t("noChange") : f.changePercent(tile.change),
    }),
  });
}

function Tile({ tile, period, focusable }: { tile: HeatmapTile; period: HeatmapPeriod; focusable: boolean }) {
  const named = useTileName()(tile);
  // Whether the name fits the tile, in each layout (the text is hidden where it would not).
  const fits = `${tile.label.tall ? "" : "heatmap-label-tall-hidden "}${tile.label.wide ? "" : "heatmap-label-wide-hidden"}`;
  return (
    <Link
      to={`/markets/${instrumentSlug(tile.symbol)}`}
      style={place(tile.wide, tile.tall)}
      className={`heatmap-place heatmap-tile ${STEP_CLASS[changeStep(tile.change, period)]}`}
      tabIndex={focusable ? 0 : -1}
      aria-label={named.label}
      title={named.label}
      data-testid="heatmap-tile"
      data-symbol={tile.symbol}
      data-change={tile.change ?? ""}
    >
      <span className={`heatmap-label ${fits}`.trimEnd()}>
        <b>{named.name}</b>
        <span>{named.change}</span>
      </span>
    </Link>
  );
}

/** The next tile's index for a key: arrows follow the reading order (mirrored in Arabic). */
function nextIndex(key: string, i: number, n: number, rtl: boolean): number | null {
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const back = rtl ? "ArrowRight" : "ArrowLeft";
  if (key === forward || key === "ArrowDown") return Math.min(n - 1, i + 1);
  if (key === back || key === "ArrowUp") return Math.max(0, i - 1);
  if (key === "Home") return 0;
  if (key === "End") return n - 1;
  return null;
}

/**
 * The treemap: sector frames with their names and one linked tile per company. One tile is in the
 * tab order at a time (roving focus): the arrow keys move through the tiles sector by sector,
 * largest first, Home and End jump to the ends, Tab leaves the map.
 */
export function HeatmapMap({ map }: { map: Heatmap }) {
  const { t, i18n } = useTranslation("heatmap");
  const { t: tm } = useTranslation("market");
  const [active, setActive] = useState(0);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tiles = [...e.currentTarget.querySelectorAll<HTMLElement>("[data-testid=heatmap-tile]")];
    const i = tiles.indexOf(document.activeElement as HTMLElement);
    const next = i < 0 ? null : nextIndex(e.key, i, tiles.length, i18n.dir() === "rtl");
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    tiles[next]?.focus();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form fields, so no fieldset
    <div
      role="group"
      aria-label={t("mapLabel", { period: t(`periodNames.${map.period}`) })}
      className="relative aspect-[600/900] w-full md:aspect-[1200/640]"
      onKeyDown={onKeyDown}
      data-testid="heatmap-map"
    >
      {map.sectors.map((s) => (
        <div
          key={s.sector}
          style={place(s.wide, s.tall)}
          className="heatmap-place rounded bg-slate-100 dark:bg-slate-800"
          aria-hidden="true"
        >
          <span className="block truncate px-1 text-[11px] leading-4 font-medium text-slate-700 dark:text-slate-200">
            {tm(`sectors.${s.sector}`, { defaultValue: s.sector })}
          </span>
        </div>
      ))}
      {map.tiles.map((tile, i) => (
        <Tile
          key={tile.symbol}
          tile={tile}
          period={map.period}
          focusable={i === Math.min(active, map.tiles.length - 1)}
        />
      ))}
    </div>
  );
}
