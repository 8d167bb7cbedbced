import { BarChart3, Building2, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SearchResult, SearchResultType } from "#server/search/types";
import { Link } from "~/components/link";
import { WatchButton } from "~/components/watchlists/watch-button";
import { localePath, useLang } from "~/lib/locale";
import { useFormat } from "~/lib/use-format";
import { ArabicInstrumentFacts, ArabicInstrumentTitle } from "./instrument-result";
import "~/locales/search";

const ICONS: Record<SearchResultType, typeof FileText> = {
  analysis: FileText,
  data: BarChart3,
  broker: Building2,
};
const ICON_CLASS: Record<SearchResultType, string> = {
  analysis: "bg-brand-50 text-brand-600",
  data: "bg-emerald-50 text-emerald-700",
  broker: "bg-amber-50 text-amber-700",
};
const MARK = "[&_mark]:rounded-sm [&_mark]:bg-gold-400/40 [&_mark]:px-0.5 [&_mark]:text-inherit";

/** An address as a browser's address bar shows it: an Arabic slug in Arabic, not %D8%A3... */
function readable(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Search results: icon by type, linked title, description, URL line. */
function ResultItem({ result }: { result: SearchResult }) {
  const { t } = useTranslation("search");
  const f = useFormat();
  const lang = useLang();
  const Icon = ICONS[result.type];
  // An instrument on an Arabic page is named from its facts in Arabic; other titles and
  // descriptions are the indexed text, whose HTML contains only <mark> (server/search/highlight.ts).
  const arabicFacts = lang === "ar" ? result.instrument : undefined;
  const title = arabicFacts ? (
    <ArabicInstrumentTitle facts={arabicFacts} />
  ) : (
    <span dangerouslySetInnerHTML={{ __html: result.titleHtml }} />
  );
  const linkClass = `text-lg font-semibold text-brand-700 hover:underline ${MARK}`;
  return (
    <li
      className="flex gap-4 py-5"
      data-testid="search-result"
      data-type={result.type}
      data-source={result.source}
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${ICON_CLASS[result.type]}`}
        title={t(`types.${result.type}`)}
      >
        <Icon aria-hidden className="size-5" />
        <span className="sr-only">{t(`types.${result.type}`)}</span>
      </span>
      <div className="min-w-0">
        <h3 dir="auto" className="inline">
          {result.external ? (
            <a href={result.url} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
              {title}
              <span className="sr-only"> {t("external")}</span>
            </a>
          ) : (
            <Link to={result.url} className={linkClass}>
              {title}
            </Link>
          )}
        </h3>
        {/* An instrument's title is "SYMBOL — Name": its star puts it on a watchlist. */}
        {result.source === "instrument" ? (
          <WatchButton symbol={result.title.split(" — ")[0]!} className="ms-1 align-middle" />
        ) : null}
        {arabicFacts ? (
          <ArabicInstrumentFacts facts={arabicFacts} />
        ) : (
          <p
            dir="auto"
            className={`mt-1 text-sm text-slate-700 ${MARK}`}
            dangerouslySetInnerHTML={{ __html: result.descriptionHtml }}
          />
        )}
        {/* An address reads left to right in Arabic too; it still lines up on the RTL page's right. */}
        <p
          dir="ltr"
          data-testid="result-url"
          className="mt-1 truncate text-xs text-emerald-700 rtl:text-right"
        >
          {result.external ? result.url : readable(localePath(lang, result.url))}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {t(`sources.${result.source}`)}
          {result.date ? ` · ${f.date(result.date)}` : ""}
        </p>
      </div>
    </li>
  );
}

export function SearchResults({ results }: { results: SearchResult[] }) {
  const { t } = useTranslation("search");
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" className="text-xl font-bold text-slate-900">
        {t("results", { n: results.length })}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {results.map((r) => (
          <ResultItem key={`${r.source}:${r.url}:${r.title}`} result={r} />
        ))}
      </ul>
    </section>
  );
}

const MAIN_SECTIONS = [
  { key: "breaking", to: "/news/breaking" },
  { key: "economic", to: "/news/economic" },
  { key: "centralBank", to: "/news/central-bank" },
  { key: "analytics", to: "/news-analytics" },
  { key: "markets", to: "/#markets" },
  { key: "brokers", to: "/brokers/recommended" },
] as const;

export function NoResults() {
  const { t } = useTranslation("search");
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h2 className="text-xl font-bold text-slate-900">{t("noResults")}</h2>
      <p className="mt-2 text-slate-600">{t("tryDifferent")}</p>
      <nav aria-label={t("mainSections")} className="mt-5 flex flex-wrap justify-center gap-2">
        {MAIN_SECTIONS.map((s) => (
          <Link
            key={s.key}
            to={s.to}
            className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-600"
          >
            {t(`sections.${s.key}`)}
          </Link>
        ))}
      </nav>
    </section>
  );
}
