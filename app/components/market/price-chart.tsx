import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Bar, HistoryRange } from "#server/market/types";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { ChartControls } from "./chart/chart-controls";
import { ComparisonLegend } from "./chart/chart-legend";
import type { ChartView } from "./chart/draw";
import { EXCHANGE_INDEX, useComparison } from "./chart/use-comparison";
import { instrumentName } from "./format";
import { type LiveQuote, useMarketFeed } from "./market-feed";
import { type PageZone, zonedDateTime } from "./price-state";
import { SimulatedBarsNote } from "./simulated-bars-note";
import { useChartLib, useLightweightChart, useRangeBars } from "./use-price-chart";
import "~/locales/chart";
import "~/locales/dividends";
import "~/locales/market";

const RANGES: HistoryRange[] = ["1D", "1W", "1M", "1Y"];

function RangeButtons({ range, onRange }: { range: HistoryRange; onRange(r: HistoryRange): void }) {
  const { t } = useTranslation("market");
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{t("instrument.ranges")}</legend>
      {RANGES.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={range === r}
          onClick={() => onRange(r)}
          className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
            range === r ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
          }`}
        >
          {t(`instrument.range.${r}`)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Under the chart: whether the bars carry volume, whether they were adjusted for splits and bonus
 * shares, where the prices come from and how fresh.
 */
function ChartFootnote({
  bars,
  adjustedForSplits,
  quote,
  zone,
}: {
  bars: Bar[];
  adjustedForSplits: boolean;
  quote: LiveQuote | undefined;
  zone: PageZone;
}) {
  const { t } = useTranslation("chart");
  const { t: tm } = useTranslation("market");
  const { t: td } = useTranslation("dividends");
  const f = useFormat();
  const withVolume = bars.some((b) => b.volume != null);
  return (
    <p data-field="chart-source" className="mt-2 text-xs text-slate-500">
      {withVolume ? t("volume") : t("noVolume")}
      {adjustedForSplits ? (
        <>
          {" · "}
          <span data-field="chart-adjusted" className="font-medium text-slate-700">
            {td("chart.adjusted")}
          </span>
        </>
      ) : null}
      {quote ? (
        <>
          {" · "}
          {t("source", {
            source: tm(`sources.${quote.source}`, { defaultValue: quote.source }),
            time: zonedDateTime(f, zone, quote.lastUpdate),
          })}
        </>
      ) : null}
    </p>
  );
}

/** The instrument's and its exchange's index's names in the page's language, from the page's feed. */
function useNames(symbol: string, quote: LiveQuote | undefined) {
  const lang = useLang();
  const feed = useMarketFeed();
  const index = quote ? EXCHANGE_INDEX[quote.instrument.exchange] : undefined;
  const indexInstrument = index ? feed.quote(index)?.instrument : undefined;
  return {
    name: quote ? instrumentName(quote.instrument, lang) : symbol,
    indexButton:
      index && index !== symbol
        ? { symbol: index, name: indexInstrument ? instrumentName(indexInstrument, lang) : index }
        : null,
  };
}

/**
 * TradingView lightweight-charts, loaded in the browser when the chart comes into view: candles
 * (or a line) with volume beneath, optional 20/50 moving averages and RSI(14), and a comparison
 * with the exchange's index or another symbol as % change. On 1D the live price extends the minute.
 */
export function PriceChart({
  symbol,
  decimals,
  initial,
  initialRange,
  initialAdjusted = false,
  quote,
  zone,
  onError,
}: {
  symbol: string;
  decimals: number;
  initial: Bar[];
  initialRange: HistoryRange;
  /** Whether the opening bars were adjusted for splits and bonus shares. */
  initialAdjusted?: boolean;
  quote: LiveQuote | undefined;
  /** The page's time zone: the axis shows its times and the caption names it. */
  zone: PageZone;
  onError(failed: boolean): void;
}) {
  const { t } = useTranslation("market");
  const box = useRef<HTMLDivElement>(null);
  const lib = useChartLib(box);
  const [range, setRange] = useState<HistoryRange>(initialRange);
  const [options, setOptions] = useState<Omit<ChartView, "compare">>({
    style: "candles",
    movingAverages: false,
    rsi: false,
  });
  const [compareSymbol, setCompareSymbol] = useState<string | null>(null);
  const { bars, adjustedForSplits } = useRangeBars(
    symbol,
    range,
    { bars: initial, adjustedForSplits: initialAdjusted },
    initialRange,
    onError,
  );
  const compared = useComparison(compareSymbol, range);
  const compareBars = compared?.state === "ready" ? compared.bars : null;
  const view = useMemo(() => ({ ...options, compare: compareBars }), [options, compareBars]);
  useLightweightChart({ lib, box, bars, range, decimals, zone, quote, view });
  const { name, indexButton } = useNames(symbol, quote);

  return (
    <div>
      <RangeButtons range={range} onRange={setRange} />
      <ChartControls
        view={options}
        onView={setOptions}
        indexName={indexButton}
        comparing={compareSymbol}
        onCompare={setCompareSymbol}
      />
      <p className="mt-2 text-xs text-slate-500">
        {t(`instrument.rangeLabel.${range}`)} ·{" "}
        <span data-field="chart-zone">{t("instrument.chartZone", { zone: zone.label })}</span>
      </p>
      {/* Time runs left to right in Arabic financial charts too: the chart never mirrors. */}
      <div dir="ltr" className={`relative mt-2 w-full ${options.rsi ? "h-96 sm:h-[30rem]" : "h-72 sm:h-96"}`}>
        <div
          ref={box}
          role="img"
          aria-label={t("instrument.chart")}
          data-bars={bars?.length ?? 0}
          data-style={compareBars ? "compare" : options.style}
          data-volume-bars={bars?.filter((b) => b.volume != null).length ?? 0}
          data-indicators={[options.movingAverages && !compareBars ? "ma" : "", options.rsi ? "rsi" : ""]
            .filter(Boolean)
            .join(" ")}
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
      <ComparisonLegend
        name={name}
        otherName={compared?.symbol === indexButton?.symbol ? indexButton?.name : undefined}
        bars={bars ?? []}
        compared={compared}
      />
      {bars ? (
        <ChartFootnote bars={bars} adjustedForSplits={adjustedForSplits} quote={quote} zone={zone} />
      ) : null}
      {bars ? <SimulatedBarsNote bars={bars} quote={quote} /> : null}
    </div>
  );
}
