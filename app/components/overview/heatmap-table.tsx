import { useTranslation } from "react-i18next";
import type { Heatmap } from "#common/heatmap";
import { Link } from "~/components/link";
import { instrumentSlug } from "~/components/market/format";
import { useTileName } from "./heatmap-map";
import { changeClass } from "./movers";
import "~/locales/heatmap";
import "~/locales/market";

/**
 * The heatmap as a table, the same companies in the same order, on request. Rendered only then:
 * the map's tiles already carry each company's name and change for screen readers, and a hidden
 * copy would double the page's markup.
 */
export function HeatmapTable({ map }: { map: Heatmap }) {
  const { t } = useTranslation("heatmap");
  const { t: tm } = useTranslation("market");
  const named = useTileName();
  return (
    <div className="overflow-x-auto" data-testid="heatmap-table">
      <table className="w-full text-sm">
        <caption className="mb-1 text-start text-xs text-slate-500">
          {t("tableCaption", { period: t(`periodNames.${map.period}`) })}
        </caption>
        <thead>
          <tr className="text-xs text-slate-500">
            <th className="text-start font-medium">{t("columns.company")}</th>
            <th className="text-start font-medium">{t("columns.sector")}</th>
            <th className="text-end font-medium">{t("columns.change")}</th>
          </tr>
        </thead>
        <tbody>
          {map.tiles.map((tile) => {
            const n = named(tile);
            return (
              <tr
                key={tile.symbol}
                className="border-t border-slate-100 dark:border-slate-800"
                data-symbol={tile.symbol}
              >
                <td className="py-1">
                  <Link
                    to={`/markets/${instrumentSlug(tile.symbol)}`}
                    className="text-sky-800 hover:underline dark:text-sky-300"
                  >
                    {n.name}
                  </Link>
                </td>
                <td className="py-1">{tm(`sectors.${tile.sector}`, { defaultValue: tile.sector })}</td>
                <td className={`py-1 text-end tabular-nums ${changeClass(tile.change)}`}>{n.change}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
