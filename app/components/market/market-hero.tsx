import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";
import { useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { instrumentHref, instrumentName } from "./format";
import { useMarketFeed } from "./market-feed";
import { ChangeText, FlashPrice, FreshnessBadge, LiveBadge } from "./quote-parts";

/**
 * Home hero: headline plus a small live overview with a Live badge and GMT time.
 * `symbols` are the admin's "heroSymbols" setting (default TASI, DFM, USD/AED, Brent).
 */
export function MarketHero({ symbols }: { symbols: readonly string[] }) {
  const { t } = useTranslation("market");
  const { t: tp } = useTranslation("pages");
  const lang = useLang();
  const feed = useMarketFeed();
  const f = useFormat();
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:py-14 lg:grid-cols-2">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{tp("home.title")}</h1>
          <p className="mt-4 max-w-xl text-lg text-slate-200">{tp("home.subtitle")}</p>
          <a
            href="#markets"
            className="mt-6 inline-block rounded-lg bg-gold-400 px-5 py-2.5 font-semibold text-brand-900 hover:bg-gold-500"
          >
            {t("hero.cta")}
          </a>
        </div>
        <section
          aria-label={t("hero.overview")}
          className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/15 backdrop-blur sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <LiveBadge live={feed.live} />
            <span data-field="last-updated" className="text-xs text-slate-200 tabular-nums">
              {feed.lastRefresh ? t("lastUpdated", { time: f.gmtClock(feed.lastRefresh) }) : t("noUpdateYet")}
            </span>
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-3">
            {symbols.map((symbol) => {
              const q = feed.quote(symbol);
              return (
                <li
                  key={symbol}
                  data-symbol={symbol}
                  className="rounded-xl bg-white p-3 text-slate-900 shadow-sm"
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
