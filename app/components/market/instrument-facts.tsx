import { useTranslation } from "react-i18next";
import type { ExchangeInfo } from "#server/market/types";
import type { Format } from "~/lib/format";
import { useFormat } from "~/lib/use-format";
import type { LiveQuote } from "./market-feed";
import { offsetLabel, type PageZone, zonedDateTime } from "./price-state";
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

/** The live day range and previous close. */
function QuoteFacts({ decimals: d, quote }: { decimals: number; quote: LiveQuote | undefined }) {
  const { t } = useTranslation("market");
  const f = useFormat();
  return (
    <>
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
    </>
  );
}

/**
 * Exchange, board, hours and last update; the day range, previous close and sector only when the
 * page shows no key statistics, which carry them with their source (each figure shows once).
 */
export function InstrumentFacts({
  decimals: d,
  exchange,
  exchangeName,
  listing,
  quote,
  zone,
  withStatistics = false,
}: {
  decimals: number;
  exchange: ExchangeInfo | null;
  exchangeName: string;
  listing?: { sector: string; board?: string } | null;
  quote: LiveQuote | undefined;
  zone: PageZone;
  /** The key statistics beside these facts show the day range, previous close and sector. */
  withStatistics?: boolean;
}) {
  const { t } = useTranslation("market");
  const f = useFormat();
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {withStatistics ? null : <QuoteFacts decimals={d} quote={quote} />}
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
      {listing && !withStatistics ? (
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-500">{t("instrument.sector")}</dt>
          <dd className="text-end font-medium">
            {t(`sectors.${listing.sector}`, { defaultValue: listing.sector })}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 py-2">
        <dt className="text-slate-500">{t("instrument.hours")}</dt>
        <dd className="text-end font-medium">{exchange ? <ExchangeHours exchange={exchange} /> : "—"}</dd>
      </div>
      <div className="flex justify-between gap-4 py-2">
        <dt className="text-slate-500">{t("instrument.lastUpdate")}</dt>
        <dd className="text-end font-medium tabular-nums">
          {quote ? zonedDateTime(f, zone, quote.lastUpdate) : "—"}
        </dd>
      </div>
    </dl>
  );
}
