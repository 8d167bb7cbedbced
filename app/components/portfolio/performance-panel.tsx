import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "~/components/forms/field";
import { useFormat } from "~/lib/use-format";
import { fractionText } from "./numbers";
import { PerformanceChart } from "./performance-chart";
import { headingClass, panelClass, signClass } from "./styles";
import { COMPARE_INDICES, type Period, type PortfolioSnapshot } from "./types";
import "~/locales/portfolio";

const PERIODS: readonly Period[] = ["1D", "MTD", "YTD", "1Y", "MAX"];

/** Time- and money-weighted returns per period, and the chart against the chosen index. */
export function PerformancePanel({ snapshot }: { snapshot: PortfolioSnapshot }) {
  const { t } = useTranslation("portfolio");
  const f = useFormat();
  const [compare, setCompare] = useState<string>("TASI");
  const pct = (v: number | null) => (v == null ? t("performance.na") : fractionText(f, v));
  return (
    <section className={panelClass} aria-labelledby="performance-heading">
      <h2 id="performance-heading" className={headingClass}>
        {t("performance.heading")}
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[480px] text-sm" data-testid="returns">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="px-2 py-2 text-start font-medium">
                {t("performance.period")}
              </th>
              <th scope="col" className="px-2 py-2 text-start font-medium">
                {t("performance.twr")}
              </th>
              <th scope="col" className="px-2 py-2 text-start font-medium">
                {t("performance.mwr")}
              </th>
            </tr>
          </thead>
          <tbody>
            {PERIODS.map((p) => {
              const r = snapshot.performance[p];
              return (
                <tr key={p} className="border-b border-slate-100" data-period={p}>
                  <th scope="row" className="px-2 py-1.5 text-start font-normal">
                    {t(`performance.periods.${p}`)}
                  </th>
                  <td className={`px-2 py-1.5 tabular-nums ${signClass(r?.twr)}`}>{pct(r?.twr ?? null)}</td>
                  <td className={`px-2 py-1.5 tabular-nums ${signClass(r?.mwr)}`}>{pct(r?.mwr ?? null)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-600">{t("performance.explain")}</p>
      <div className="mt-4 flex flex-col gap-3">
        <SelectField
          label={t("performance.compareWith")}
          name="compare"
          value={compare}
          onChange={(e) => setCompare(e.target.value)}
          options={COMPARE_INDICES.map((s) => ({ value: s, label: s }))}
          className="sm:w-48"
        />
        <PerformanceChart snapshot={snapshot} compare={compare} />
      </div>
    </section>
  );
}
