import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/use-format";
import type { ChartView } from "./draw";
import "~/locales/chart";

const toggle = (on: boolean) =>
  `rounded-md px-2.5 py-1 text-sm font-semibold ${
    on ? "bg-slate-800 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
  }`;

/**
 * The chart's options: candles or line, the 20/50 moving averages, RSI(14), and a comparison with
 * the exchange's index (one button) or any symbol the reader types.
 */
export function ChartControls({
  view,
  onView,
  indexName,
  comparing,
  onCompare,
}: {
  view: Omit<ChartView, "compare">;
  onView(next: Omit<ChartView, "compare">): void;
  /** The exchange's index, when the instrument is not itself that index. */
  indexName: { symbol: string; name: string } | null;
  comparing: string | null;
  onCompare(symbol: string | null): void;
}) {
  const { t } = useTranslation("chart");
  const f = useFormat();
  const [typed, setTyped] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const symbol = typed.trim();
    if (symbol) onCompare(symbol);
  };
  return (
    <div role="toolbar" aria-label={t("controls")} className="mt-3 flex flex-wrap items-center gap-2">
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t("style")}</legend>
        {(["candles", "line"] as const).map((style) => (
          <button
            key={style}
            type="button"
            aria-pressed={view.style === style}
            disabled={comparing !== null}
            onClick={() => onView({ ...view, style })}
            className={`${toggle(view.style === style)} disabled:opacity-50`}
          >
            {t(style)}
          </button>
        ))}
      </fieldset>
      <button
        type="button"
        aria-pressed={view.movingAverages}
        title={t("movingAveragesHint", { periods: f.digitsIn("20/50") })}
        disabled={comparing !== null}
        onClick={() => onView({ ...view, movingAverages: !view.movingAverages })}
        className={`${toggle(view.movingAverages)} disabled:opacity-50`}
      >
        {t("movingAverages", { periods: f.digitsIn("20/50") })}
      </button>
      <button
        type="button"
        aria-pressed={view.rsi}
        title={t("rsiHint", { period: f.digitsIn("14") })}
        onClick={() => onView({ ...view, rsi: !view.rsi })}
        className={toggle(view.rsi)}
      >
        {t("rsi", { period: f.digitsIn("14") })}
      </button>
      {indexName ? (
        <button
          type="button"
          aria-pressed={comparing === indexName.symbol}
          onClick={() => onCompare(comparing === indexName.symbol ? null : indexName.symbol)}
          className={toggle(comparing === indexName.symbol)}
        >
          {t("compareWith", { name: indexName.name })}
        </button>
      ) : null}
      <form onSubmit={submit} className="flex items-center gap-1">
        <label className="sr-only" htmlFor="chart-compare">
          {t("compareSymbol")}
        </label>
        <input
          id="chart-compare"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t("compareSymbol")}
          maxLength={20}
          className="w-44 rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
        <button type="submit" className={toggle(false)}>
          {t("compare")}
        </button>
      </form>
      {comparing ? (
        <button
          type="button"
          onClick={() => onCompare(null)}
          className="text-sm font-semibold text-brand-700 underline"
        >
          {t("clearCompare")}
        </button>
      ) : null}
    </div>
  );
}
