import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Bar, HistoryRange } from "#server/market/types";
import type { LiveQuote } from "./market-feed";
import type { PageZone } from "./price-state";
import { SimulatedBarsNote } from "./simulated-bars-note";
import { useChartLib, useLightweightChart, useRangeBars } from "./use-price-chart";
import "~/locales/market";

const RANGES: HistoryRange[] = ["1D", "1W", "1M", "1Y"];

/**
 * TradingView lightweight-charts, loaded in the browser only: an area for intraday ranges,
 * candlesticks for daily ones. On 1D the live price extends the current minute.
 */
export function PriceChart({
  symbol,
  decimals,
  initial,
  initialRange,
  quote,
  zone,
  onError,
}: {
  symbol: string;
  decimals: number;
  initial: Bar[];
  initialRange: HistoryRange;
  quote: LiveQuote | undefined;
  /** The page's time zone: the axis shows its times and the caption names it. */
  zone: PageZone;
  onError(failed: boolean): void;
}) {
  const { t } = useTranslation("market");
  const lib = useChartLib();
  const [range, setRange] = useState<HistoryRange>(initialRange);
  const bars = useRangeBars(symbol, range, initial, initialRange, onError);
  const box = useLightweightChart({ lib, bars, range, decimals, zone, quote });

  return (
    <div>
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t("instrument.ranges")}</legend>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={range === r}
            onClick={() => setRange(r)}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
              range === r ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
            }`}
          >
            {t(`instrument.range.${r}`)}
          </button>
        ))}
      </fieldset>
      <p className="mt-2 text-xs text-slate-500">
        {t(`instrument.rangeLabel.${range}`)} ·{" "}
        <span data-field="chart-zone">{t("instrument.chartZone", { zone: zone.label })}</span>
      </p>
      {/* Time runs left to right in Arabic financial charts too: the chart never mirrors. */}
      <div dir="ltr" className="relative mt-2 h-72 w-full sm:h-96">
        <div
          ref={box}
          role="img"
          aria-label={t("instrument.chart")}
          data-bars={bars?.length ?? 0}
          className="absolute inset-0"
        />
        {!lib || bars === null ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">
            {t("instrument.loadingChart")}
          </p>
        ) : bars.length === 0 ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">
            {t("instrument.noHistory")}
          </p>
        ) : null}
      </div>
      {bars ? <SimulatedBarsNote bars={bars} quote={quote} /> : null}
    </div>
  );
}
