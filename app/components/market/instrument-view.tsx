import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { KeyStatistics } from "#common/key-statistics";
import type { ShariahRuling } from "#common/shariah";
import type { Bar, ExchangeInfo, HistoryRange, Instrument } from "#server/market/types";
import { ShariahPanel } from "~/components/shariah/shariah-panel";
import { InstrumentFacts } from "./instrument-facts";
import { InstrumentHeader } from "./instrument-header";
import { KeyStatisticsPanel } from "./key-statistics";
import { useMarketFeed } from "./market-feed";
import { PriceChart } from "./price-chart";
import { usePageZone } from "./price-state";
import "~/locales/market";

/** /markets/:symbol — live quote, chart with ranges, day range, previous close and exchange hours. */
export function InstrumentView({
  instrument,
  exchange,
  history,
  listing,
  statistics,
  shariah,
}: {
  instrument: Instrument;
  exchange: ExchangeInfo | null;
  /** The bars the chart opens with, their range, and whether they were adjusted for splits. */
  history: { range: HistoryRange; bars: Bar[]; adjustedForSplits?: boolean };
  /** A listed company's sector and board (Tadawul: main or nomu); none for curated instruments. */
  listing?: { sector: string; board?: string } | null;
  /** Key statistics, each with its source and date. */
  statistics?: KeyStatistics | null;
  /** A listed company's published Shariah rulings; null for instruments that are not companies. */
  shariah?: ShariahRuling[] | null;
}) {
  const { t } = useTranslation("market");
  const feed = useMarketFeed();
  const quote = feed.quote(instrument.symbol);
  const zone = usePageZone(exchange);
  const [chartFailed, setChartFailed] = useState(false);
  const d = instrument.decimals;
  // The catalogs name the exchanges in both languages; the server's English name covers a new one.
  const exchangeName = t(`exchanges.${instrument.exchange}`, {
    defaultValue: exchange?.name ?? instrument.exchange,
  });
  return (
    <div>
      <InstrumentHeader
        instrument={instrument}
        exchange={exchange}
        exchangeName={exchangeName}
        quote={quote}
        feed={feed}
        zone={zone}
      />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-label={t("instrument.chart")}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          {feed.failed || chartFailed ? (
            <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
              {t("error")}
            </p>
          ) : null}
          <PriceChart
            symbol={instrument.symbol}
            decimals={d}
            initial={history.bars}
            initialRange={history.range}
            initialAdjusted={history.adjustedForSplits}
            quote={quote}
            zone={zone}
            onError={setChartFailed}
          />
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <InstrumentFacts
            decimals={d}
            exchange={exchange}
            exchangeName={exchangeName}
            listing={listing}
            quote={quote}
            zone={zone}
            withStatistics={Boolean(statistics)}
          />
          <p className="mt-3 text-xs text-slate-500">{t("instrument.delayedHint")}</p>
        </section>
        {statistics ? (
          <div className="lg:col-span-2">
            <KeyStatisticsPanel data={statistics} decimals={d} quote={quote} />
          </div>
        ) : null}
        {shariah ? (
          <div className="lg:col-span-2">
            <ShariahPanel rulings={shariah} currency={instrument.currency} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
