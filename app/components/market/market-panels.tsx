import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MarketCategory } from "#server/market/types";
import { Link } from "~/components/link";
import { WatchButton } from "~/components/watchlists/watch-button";
import { useLang } from "~/lib/locale";
import { instrumentHref, instrumentName } from "./format";
import { type LiveQuote, useMarketFeed } from "./market-feed";
import { ChangeText, FlashPrice, FreshnessBadge, StatusBadge } from "./quote-parts";
import "~/locales/market";

/** Gulf Stocks and Major Currencies start open; the others start closed. */
const PANELS: Array<{ category: MarketCategory; open: boolean }> = [
  { category: "gulfStocks", open: true },
  { category: "currencies", open: true },
  { category: "crypto", open: false },
  { category: "commodities", open: false },
  { category: "usIndices", open: false },
];

function QuoteRow({ quote }: { quote: LiveQuote }) {
  const { instrument } = quote;
  const lang = useLang();
  return (
    <li
      data-symbol={instrument.symbol}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]"
    >
      <div className="min-w-0">
        <Link to={instrumentHref(instrument.symbol)} className="group block min-w-0">
          <span className="font-semibold text-slate-900 group-hover:text-brand-600">{instrument.symbol}</span>
          <span className="block truncate text-sm text-slate-500">{instrumentName(instrument, lang)}</span>
        </Link>
        <div className="mt-1 flex items-center gap-1">
          <FreshnessBadge quote={quote} />
          <WatchButton symbol={instrument.symbol} />
        </div>
      </div>
      <div className="text-end">
        <FlashPrice quote={quote} className="-me-1 font-semibold" />
        <ChangeText quote={quote} className="block text-xs sm:text-sm" />
      </div>
      <div className="col-span-2 sm:col-span-1 sm:w-24 sm:text-end">
        <StatusBadge status={quote.status} />
      </div>
    </li>
  );
}

function MarketPanel({ category, open }: { category: MarketCategory; open: boolean }) {
  const { t } = useTranslation("market");
  const feed = useMarketFeed();
  const quotes = feed.byCategory(category);
  // A plain disclosure (button + aria-expanded): a collapsible library is not worth its bytes on
  // the home page's first load.
  const [expanded, setExpanded] = useState(open);
  const contentId = useId();
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={contentId}
          data-state={expanded ? "open" : "closed"}
          onClick={() => setExpanded((v) => !v)}
          className="group flex w-full items-center justify-between gap-3 px-4 py-3 text-start hover:bg-slate-50"
        >
          <span className="text-base font-semibold text-slate-900 sm:text-lg">
            {t(`categories.${category}`)}
          </span>
          <span className="flex shrink-0 items-center gap-2 whitespace-nowrap text-sm text-slate-500">
            {t("panels.count", { count: quotes.length })}
            <ChevronDown
              aria-hidden
              className="size-5 transition-transform group-data-[state=open]:rotate-180"
            />
          </span>
        </button>
      </h3>
      <div id={contentId} hidden={!expanded}>
        {!expanded ? null : quotes.length ? (
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {quotes.map((q) => (
              <QuoteRow key={q.instrument.symbol} quote={q} />
            ))}
          </ul>
        ) : (
          <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">{t("panels.empty")}</p>
        )}
      </div>
    </div>
  );
}

/** The home page's #markets section: collapsible category panels and the note. */
export function MarketPanels() {
  const { t } = useTranslation("market");
  const feed = useMarketFeed();
  return (
    <section id="markets" aria-labelledby="markets-title" className="scroll-mt-20 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="markets-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              {t("panels.title")}
            </h2>
            <p className="mt-1 text-slate-600">{t("panels.subtitle")}</p>
          </div>
        </div>
        <p role="note" className="mt-4 rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-900">
          {t("panels.note", { count: Math.round(feed.tickMs / 1000) })}
        </p>
        {feed.failed ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-2 text-sm font-medium text-red-700">
            {t("error")}
          </p>
        ) : null}
        <div className="mt-6 grid items-start gap-4 lg:grid-cols-2">
          {PANELS.map((p) => (
            <MarketPanel key={p.category} category={p.category} open={p.open} />
          ))}
        </div>
      </div>
    </section>
  );
}
