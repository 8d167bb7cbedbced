import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { ExchangeInfo } from "#server/market/types";
import { Link } from "~/components/link";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { instrumentHref, instrumentName } from "./format";
import { useMarketFeed } from "./market-feed";
import { FeedHeartbeat, HeroFeedBadge, type PageZone } from "./price-state";
import { ChangeText, FlashPrice, FreshnessBadge } from "./quote-parts";

/** The home page shows every time in GMT, as its market note says. */
const gmt = (t: (key: string) => string): PageZone => ({ offsetMinutes: 0, label: t("zones.UTC") });

import "~/locales/market";

/**
 * Home hero: headline plus a small live overview with a Live badge and GMT time.
 * `symbols` are the admin's "heroSymbols" setting (default TASI, DFM, USD/AED, Brent).
 */
export function MarketHero({
  symbols,
  exchanges = [],
}: {
  symbols: readonly string[];
  /** The calendars of the hero's exchanges (last close, next open), from the loader. */
  exchanges?: readonly ExchangeInfo[];
}) {
  const { t } = useTranslation("market");
  const { t: tp } = useTranslation("pages");
  const lang = useLang();
  const feed = useMarketFeed();
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
      {/* Compact on a phone (smaller headline, tighter spacing) so the overview's prices are on
          the first screen of a 390×844 viewport, below the header and the newsletter banner. */}
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-4 px-4 py-5 sm:gap-8 sm:py-14 lg:grid-cols-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-5xl">{tp("home.title")}</h1>
          <p className="mt-2 max-w-xl text-sm text-slate-200 sm:mt-4 sm:text-lg">{tp("home.subtitle")}</p>
          <a
            href="#markets"
            className="mt-3 inline-block rounded-lg bg-gold-400 px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-gold-500 sm:mt-6 sm:px-5 sm:py-2.5 sm:text-base"
          >
            {t("hero.cta")}
          </a>
        </div>
        <section
          aria-label={t("hero.overview")}
          className="rounded-2xl bg-white/10 p-3 ring-1 ring-white/15 backdrop-blur sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <HeroFeedBadge live={feed.live} quotes={symbols.flatMap((symbol) => feed.quote(symbol) ?? [])} />
            {/* The feed's heartbeat, named as such (each price's own time is on its page). */}
            <span data-field="last-updated" className="text-xs text-slate-200 tabular-nums">
              <FeedHeartbeat live={feed.live} lastMessage={feed.lastRefresh} zone={gmt(t)} />
            </span>
          </div>
          <ExchangeStatuses symbols={symbols} exchanges={exchanges} />
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:mt-4 sm:gap-3">
            {symbols.map((symbol) => {
              const q = feed.quote(symbol);
              return (
                <li
                  key={symbol}
                  data-symbol={symbol}
                  className="rounded-xl bg-white p-2.5 text-slate-900 shadow-sm sm:p-3"
                >
                  <Link to={instrumentHref(symbol)} className="block">
                    <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {t(`heroLabels.${symbol}`, {
                        defaultValue: q ? instrumentName(q.instrument, lang) : symbol,
                      })}
                    </span>
                    {q ? (
                      <>
                        <FlashPrice quote={q} className="-mx-1 inline-block text-lg font-bold sm:text-xl" />
                        <ChangeText quote={q} className="block text-xs sm:text-sm" />
                        <FreshnessBadge quote={q} className="mt-1" />
                      </>
                    ) : (
                      <span className="block text-lg font-bold text-slate-400">—</span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
          {feed.failed ? <p className="mt-3 text-sm font-medium text-amber-200">{t("error")}</p> : null}
        </section>
      </div>
    </section>
  );
}

type ExchangeStatus = "live" | "delayed" | "closed";

const statusStyles: Record<ExchangeStatus, string> = {
  live: "bg-emerald-700 text-white",
  delayed: "bg-amber-400 text-slate-900",
  closed: "bg-slate-200 text-slate-800",
};

const noSubscription = () => () => {};

/**
 * What is true per exchange: live (open, and its prices arrive on time), delayed (open, prices
 * late) or closed, with the last close and the next open in the reader's own time zone (known
 * only in the browser: the server's render leaves the times out). One line of chips: on a phone
 * the line scrolls sideways and shows the next open only, so the prices below stay on the first
 * screen; wider screens wrap the chips and add the last close.
 */
function ExchangeStatuses({
  symbols,
  exchanges,
}: {
  symbols: readonly string[];
  exchanges: readonly ExchangeInfo[];
}) {
  const { t } = useTranslation("market");
  const feed = useMarketFeed();
  const f = useFormat();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!exchanges.length) return null;
  // In GMT, as every other time on the home page (one zone per page).
  const when = (ms: number) => `${f.weekday(ms)} ${f.gmtTime(ms)}`;
  return (
    <ul
      className="-mx-1 mt-2 flex gap-1.5 overflow-x-auto px-1 pb-0.5 text-xs whitespace-nowrap sm:flex-wrap sm:whitespace-normal"
      aria-label={t("hero.exchanges")}
      // Focusable because it can scroll: a keyboard reader scrolls it with the arrow keys.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      {exchanges.map((ex) => {
        const quotes = symbols.flatMap((symbol) => {
          const q = feed.quote(symbol);
          return q && q.instrument.exchange === ex.id ? [q] : [];
        });
        const open = quotes.length ? quotes.some((q) => q.marketOpen) : ex.openNow;
        const status: ExchangeStatus = !open
          ? "closed"
          : quotes.every((q) => q.status === "live")
            ? "live"
            : "delayed";
        return (
          <li
            key={ex.id}
            data-exchange={ex.id}
            data-status={status}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-white/10 py-0.5 ps-2 pe-1 ring-1 ring-white/15"
          >
            <span className="font-semibold text-white">
              {t(`exchangeNames.${ex.id}`, { defaultValue: ex.name })}
            </span>
            <span
              className={`rounded-full px-2 py-px text-[0.7rem] font-semibold uppercase ${statusStyles[status]}`}
            >
              {t(`status.${status}`)}
            </span>
            {status === "closed" && inBrowser ? (
              <span className="pe-1 text-slate-200" data-field="exchange-times">
                <span className="hidden sm:inline">
                  {ex.lastCloseAt ? t("hero.lastClose", { time: when(ex.lastCloseAt) }) : null}
                  {ex.lastCloseAt && ex.nextOpenAt ? " · " : null}
                </span>
                {ex.nextOpenAt ? t("hero.nextOpen", { time: when(ex.nextOpenAt) }) : null}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
