import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { KeyStatistics } from "#common/key-statistics";
import type { Bar, ExchangeInfo, HistoryRange, Instrument } from "#server/market/types";
import { Link } from "~/components/link";
import { WatchButton } from "~/components/watchlists/watch-button";
import type { Format } from "~/lib/format";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { instrumentName } from "./format";
import { KeyStatisticsPanel } from "./key-statistics";
import { useMarketFeed } from "./market-feed";
import { PriceChart } from "./price-chart";
import { FeedHeartbeat, offsetLabel, PriceStatePill, usePageZone, zonedDateTime } from "./price-state";
import { ChangeText, FlashPrice, FreshnessBadge, hasChange, StatusBadge } from "./quote-parts";
import "~/locales/market";

// 4 January 2026 was a Sunday: day d of the week is 4 + d January.
const dayName = (f: Format, d: number) => f.weekday(Date.UTC(2026, 0, 4 + d));
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => {
  const v = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(v / 60)).padStart(2, "0")}:${String(v % 60).padStart(2, "0")}`;
};
function daysLabel(f: Format, days: number[], everyDay: string) {
  if (days.length === 7) return everyDay;
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  return consecutive && days.length > 2
    ? `${dayName(f, days[0]!)}–${dayName(f, days.at(-1)!)}`
    : days.map((d) => dayName(f, d)).join(f.lang === "ar" ? "، " : ", ");
}

function ExchangeHours({ exchange }: { exchange: ExchangeInfo }) {
  const { t } = useTranslation("market");
  const f = useFormat();
  const days = daysLabel(f, exchange.days, t("instrument.everyDay"));
  if (exchange.allDay) return <>{t("instrument.hoursAllDay", { days })}</>;
  const open = minutesOf(exchange.open);
  const close = minutesOf(exchange.close);
  return (
    <>
      <span className="block">
        {t("instrument.hoursLocal", {
          days,
          open: f.digitsIn(exchange.open),
          close: f.digitsIn(exchange.close),
          offset: f.digitsIn(offsetLabel(exchange.utcOffsetMinutes)),
        })}
      </span>
      <span className="block text-slate-500">
        {t("instrument.hoursGmt", {
          open: f.digitsIn(hhmm(open - exchange.utcOffsetMinutes)),
          close: f.digitsIn(hhmm(close - exchange.utcOffsetMinutes)),
        })}
      </span>
    </>
  );
}

/** /markets/:symbol — live quote, chart with ranges, day range, previous close and exchange hours. */
export function InstrumentView({
  instrument,
  exchange,
  history,
  listing,
  statistics,
}: {
  instrument: Instrument;
  exchange: ExchangeInfo | null;
  /** The bars the chart opens with, and their range. */
  history: { range: HistoryRange; bars: Bar[] };
  /** A listed company's sector and board (Tadawul: main or nomu); none for curated instruments. */
  listing?: { sector: string; board?: string } | null;
  /** Key statistics, each with its source and date. */
  statistics?: KeyStatistics | null;
}) {
  const { t } = useTranslation("market");
  const lang = useLang();
  const feed = useMarketFeed();
  const f = useFormat();
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
      <section className="bg-gradient-to-r from-brand-900 rtl:bg-gradient-to-l to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-8">
          <Link
            to="/#markets"
            className="inline-flex items-center gap-1 text-sm text-slate-200 hover:text-white"
          >
            <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
            {t("instrument.back")}
          </Link>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold sm:text-4xl">{instrumentName(instrument, lang)}</h1>
            <span className="rounded bg-white/15 px-2 py-0.5 text-sm font-semibold">{instrument.symbol}</span>
            {quote ? <StatusBadge status={quote.status} /> : null}
            {quote ? <FreshnessBadge quote={quote} className="text-xs" /> : null}
            <WatchButton symbol={instrument.symbol} withText />
          </div>
          <p className="mt-1 text-sm text-slate-300">
            {exchangeName} · {t("instrument.currency", { currency: instrument.currency })}
          </p>
          {quote ? (
            <div className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <FlashPrice quote={quote} className="-mx-1 text-4xl font-bold sm:text-5xl" />
              {hasChange(quote) ? (
                <span className="rounded bg-white px-2 py-0.5 text-base font-semibold">
                  <ChangeText quote={quote} />
                </span>
              ) : null}
            </div>
          ) : null}
          {/* One truth: the pill says what is true of this price, "last update" is its trade's time,
              and the feed's own heartbeat is named as such; every time in the exchange's zone. */}
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-200">
            {quote ? (
              <PriceStatePill quote={quote} lastCloseAt={exchange?.lastCloseAt ?? null} zone={zone} />
            ) : null}
            {quote ? (
              <span data-field="last-trade">
                {t("lastTrade", { time: zonedDateTime(f, zone, quote.lastUpdate) })}
              </span>
            ) : null}
          </div>
          <FeedHeartbeat
            live={feed.live}
            lastMessage={feed.lastRefresh}
            zone={zone}
            className="mt-1 block text-xs text-slate-300"
          />
        </div>
      </section>
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
            quote={quote}
            zone={zone}
            onError={setChartFailed}
          />
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dl className="divide-y divide-slate-100 text-sm">
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">{t("instrument.dayRange")}</dt>
              <dd className="text-end font-medium tabular-nums">
                {quote ? `${f.price(quote.dayLow, d)} – ${f.price(quote.dayHigh, d)}` : "—"}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">{t("instrument.previousClose")}</dt>
              <dd className="text-end font-medium tabular-nums">
                {quote && quote.previousClose > 0 ? f.price(quote.previousClose, d) : "—"}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">{t("instrument.exchange")}</dt>
              <dd className="text-end font-medium">{exchangeName}</dd>
            </div>
            {listing?.board ? (
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-slate-500">{t("instrument.board")}</dt>
                <dd className="text-end font-medium">
                  {t(`instrument.boards.${listing.board}`, { defaultValue: listing.board })}
                </dd>
              </div>
            ) : null}
            {listing ? (
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-slate-500">{t("instrument.sector")}</dt>
                <dd className="text-end font-medium">
                  {t(`sectors.${listing.sector}`, { defaultValue: listing.sector })}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">{t("instrument.hours")}</dt>
              <dd className="text-end font-medium">
                {exchange ? <ExchangeHours exchange={exchange} /> : "—"}
              </dd>
            </div>
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-500">{t("instrument.lastUpdate")}</dt>
              <dd className="text-end font-medium tabular-nums">
                {quote ? zonedDateTime(f, zone, quote.lastUpdate) : "—"}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-slate-500">{t("instrument.delayedHint")}</p>
        </section>
        {statistics ? (
          <div className="lg:col-span-2">
            <KeyStatisticsPanel data={statistics} decimals={d} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
