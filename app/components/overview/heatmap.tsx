import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HEATMAP_PERIODS, type Heatmap, type HeatmapPeriod, stepThresholds } from "#common/heatmap";
import type { OverviewTab } from "#common/market-overview";
import { Link } from "~/components/link";
import { useFormat } from "~/lib/use-format";
import { HeatmapMap, STEP_CLASS } from "./heatmap-map";
import { HeatmapTable } from "./heatmap-table";
import { useLiveHeatmap } from "./use-live-heatmap";
import "~/locales/heatmap";

const periodHref = (tab: OverviewTab, period: HeatmapPeriod) => {
  const q = new URLSearchParams();
  if (tab !== "GCC") q.set("market", tab);
  if (period !== "1D") q.set("period", period);
  return q.size ? `/markets?${q}` : "/markets";
};

function Periods({ map }: { map: Heatmap }) {
  const { t } = useTranslation("heatmap");
  return (
    <nav aria-label={t("periodLabel")} className="flex gap-1">
      {HEATMAP_PERIODS.map((p) => (
        <Link
          key={p}
          to={periodHref(map.tab, p)}
          preventScrollReset
          aria-current={p === map.period ? "true" : undefined}
          className={`rounded px-2 py-1 text-xs font-medium ${p === map.period ? "bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900" : "border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"}`}
        >
          {t(`periods.${p}`)}
        </Link>
      ))}
    </nav>
  );
}

/** The colour scale's seven steps, each with the range it stands for in signed text. */
function Legend({ period }: { period: HeatmapPeriod }) {
  const { t } = useTranslation("heatmap");
  const f = useFormat();
  const [, mid, far] = stepThresholds(period);
  const steps: [number, string][] = [
    [-3, `≤ ${f.changePercent(-far!)}`],
    [-2, `≤ ${f.changePercent(-mid!)}`],
    [-1, `< ${f.changePercent(0)}`],
    [0, f.changePercent(0)],
    [1, `> ${f.changePercent(0)}`],
    [2, `≥ ${f.changePercent(mid!)}`],
    [3, `≥ ${f.changePercent(far!)}`],
  ];
  return (
    <ul aria-label={t("legend")} className="mt-2 flex flex-wrap gap-1 text-[11px]">
      {steps.map(([step, text]) => (
        <li key={step} className={`rounded-sm px-1.5 py-0.5 tabular-nums ${STEP_CLASS[step]}`}>
          {text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The sector heatmap of a tab: the period's links (in the address), the map or its table, what
 * sizes and colours the tiles, and the simulator's label where it made any figure. Live: each
 * tick recolours the tiles.
 */
export function SectorHeatmap({ initial }: { initial: Heatmap }) {
  const { t } = useTranslation("heatmap");
  const f = useFormat();
  const map = useLiveHeatmap(initial);
  const [asTable, setAsTable] = useState(false);
  const period = t(`periodNames.${map.period}`);
  return (
    <section
      className="mb-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      aria-labelledby="heatmap-title"
      data-testid="heatmap"
      data-period={map.period}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="heatmap-title" className="font-semibold">
          {t("title")}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Periods map={map} />
          {map.tiles.length > 0 ? (
            <button
              type="button"
              onClick={() => setAsTable((v) => !v)}
              aria-pressed={asTable}
              className="rounded border border-slate-300 px-2 py-1 text-xs font-medium text-sky-800 hover:bg-slate-100 dark:border-slate-600 dark:text-sky-300 dark:hover:bg-slate-800"
            >
              {asTable ? t("showMap") : t("showTable")}
            </button>
          ) : null}
        </div>
      </div>
      {map.tiles.length === 0 ? (
        <p className="text-sm text-slate-500">{t("empty")}</p>
      ) : asTable ? (
        <HeatmapTable map={map} />
      ) : (
        <HeatmapMap map={map} />
      )}
      <Legend period={map.period} />
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="heatmap-caption">
        {map.sizedBy === "valueTraded" ? t("sizedByValue") : t("sizedByCap")}{" "}
        {t("shown", { shown: f.integer(map.tiles.length), companies: f.integer(map.companies) })}{" "}
        {t("colour", { period })}
        {map.simulated ? ` ${t("simulated")}` : ""}
      </p>
    </section>
  );
}
