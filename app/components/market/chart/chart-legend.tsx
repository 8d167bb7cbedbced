import { useTranslation } from "react-i18next";
import type { Bar } from "#server/market/types";
import { useFormat } from "~/lib/use-format";
import { COMPARE_COLOR, comparison, MAIN_COLOR } from "./series";
import type { Comparison } from "./use-comparison";
import "~/locales/chart";

const Swatch = ({ color }: { color: string }) => (
  <span aria-hidden="true" className="inline-block h-0.5 w-4 rounded" style={{ background: color }} />
);

/** The comparison's legend: both names with their colour and their % change over the range. */
export function ComparisonLegend({
  name,
  otherName,
  bars,
  compared,
}: {
  name: string;
  /** The compared instrument's name in the page's language, when the page knows it. */
  otherName?: string | undefined;
  bars: Bar[];
  compared: Comparison | null;
}) {
  const { t } = useTranslation("chart");
  const f = useFormat();
  if (!compared || compared.state === "loading") return null;
  if (compared.state !== "ready")
    return (
      <p role="alert" className="mt-2 text-sm font-medium text-red-700">
        {compared.state === "unknown" ? t("unknownSymbol", { symbol: compared.symbol }) : t("compareFailed")}
      </p>
    );
  const c = comparison(bars, compared.bars);
  if (!c) return <p className="mt-2 text-sm text-slate-600">{t("compareEmpty")}</p>;
  const rows = [
    { label: name, color: MAIN_COLOR, change: c.mainChange },
    { label: otherName ?? compared.name ?? compared.symbol, color: COMPARE_COLOR, change: c.otherChange },
  ];
  return (
    <div className="mt-2 text-sm">
      <p className="text-xs text-slate-500">{t("percentAxis", { date: f.date(c.main[0]!.time * 1000) })}</p>
      <ul
        aria-label={t("legend")}
        data-testid="comparison-legend"
        className="mt-1 flex flex-wrap gap-x-4 gap-y-1"
      >
        {rows.map((r) => (
          <li key={r.label} className="flex items-center gap-1.5">
            <Swatch color={r.color} />
            <span>{r.label}</span>
            <span
              className={`font-semibold tabular-nums ${r.change >= 0 ? "text-emerald-700" : "text-red-700"}`}
            >
              {f.changePercent(r.change)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
