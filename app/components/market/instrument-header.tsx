import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ExchangeInfo, Instrument } from "#server/market/types";
import { Link } from "~/components/link";
import { WatchButton } from "~/components/watchlists/watch-button";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { instrumentName } from "./format";
import type { LiveQuote, useMarketFeed } from "./market-feed";
import { FeedHeartbeat, type PageZone, PriceStatePill, zonedDateTime } from "./price-state";
import { ChangeText, FlashPrice, FreshnessBadge, hasChange, StatusBadge } from "./quote-parts";
import "~/locales/market";

/**
 * The instrument page's banner: back link, name and symbol with its status, freshness and watch
 * button, exchange and currency, the live price and change, and what is true of that price.
 */
export function InstrumentHeader({
  instrument,
  exchange,
  exchangeName,
  quote,
  feed,
  zone,
}: {
  instrument: Instrument;
  exchange: ExchangeInfo | null;
  exchangeName: string;
  quote: LiveQuote | undefined;
  /** The feed's own heartbeat: whether it is live and when its last message came. */
  feed: Pick<ReturnType<typeof useMarketFeed>, "live" | "lastRefresh">;
  zone: PageZone;
}) {
  const { t } = useTranslation("market");
  const lang = useLang();
  const f = useFormat();
  return (
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
          {/* A company without an Arabic name shows its English one, marked so. */}
          <h1
            className="text-3xl font-bold sm:text-4xl"
            lang={lang === "ar" && !instrument.nameAr ? "en" : undefined}
          >
            {instrumentName(instrument, lang)}
          </h1>
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
  );
}
