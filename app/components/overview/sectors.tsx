import { useTranslation } from "react-i18next";
import type { SectorPerformance } from "#common/market-overview";
import { useFormat } from "~/lib/use-format";
import { changeClass } from "./movers";
import "~/locales/market";
import "~/locales/overview";

/** Each sector's mean change, breadth and value traded, best first. */
export function SectorTable({ sectors }: { sectors: SectorPerformance[] }) {
  const { t } = useTranslation("overview");
  const { t: tm } = useTranslation("market");
  const f = useFormat();
  return (
    <section className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="sectors">
      <h2 className="font-semibold">{t("sectors")}</h2>
      <p className="mb-2 text-xs text-slate-500">{t("sectorsNote")}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-xs text-slate-500">
              <th className="text-start font-medium">{t("columns.sector")}</th>
              <th className="text-end font-medium">{t("columns.change")}</th>
              <th className="text-end font-medium">{t("columns.advancersDecliners")}</th>
              <th className="text-end font-medium">{t("columns.value")}</th>
              <th className="text-end font-medium">{t("columns.companies")}</th>
            </tr>
          </thead>
          <tbody>
            {sectors.map((s) => (
              <tr key={s.sector} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1">{tm(`sectors.${s.sector}`, { defaultValue: s.sector })}</td>
                <td className={`py-1 text-end tabular-nums ${changeClass(s.changePercent)}`}>
                  {s.changePercent === null ? "—" : f.changePercent(s.changePercent)}
                </td>
                <td className="py-1 text-end tabular-nums">
                  {f.integer(s.advancers)} / {f.integer(s.decliners)}
                </td>
                <td className="py-1 text-end tabular-nums">{f.compact(s.valueTraded)}</td>
                <td className="py-1 text-end tabular-nums">{f.integer(s.companies)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
