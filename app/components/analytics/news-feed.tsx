import { ExternalLink, Rss } from "lucide-react";
import { useTranslation } from "react-i18next";
import { textDir } from "#common/text-direction";
import { LanguageLabel, SourceName } from "~/components/i18n/language-label";
import { useLang } from "~/lib/locale";
import { StepError } from "./badges";
import type { FeedItemView } from "./view";
import "~/locales/analytics";

/** The RSS News tab: title, source, description, publication date and time, category. */
export function NewsFeed({ items }: { items: FeedItemView[] | null }) {
  const { t } = useTranslation("analytics");
  // The item carries its own language; its frame (category, source, date) is the page's.
  const page = useLang();
  return (
    <section aria-labelledby="feed-title">
      <h2 id="feed-title" className="flex items-center gap-2 text-xl font-semibold">
        <Rss className="size-5 text-orange-500" aria-hidden />
        {t("news.heading")}
      </h2>
      {!items ? (
        <div className="mt-4">
          <StepError message={t("errors.rss")} />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("news.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {items.map((item) => (
            <li
              key={item.id}
              data-testid="news-item"
              lang={item.language}
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-700"
                  data-testid="news-category"
                >
                  {t(`news.categories.${item.category}`, { defaultValue: item.category })}
                </span>
                <span className="text-slate-500" lang={page}>
                  <SourceName source={item.source} language={item.language} />
                </span>
                <time dateTime={item.publishedIso} className="text-slate-500" data-testid="news-date">
                  {item.published}
                </time>
                <LanguageLabel language={item.language} />
              </div>
              <h3 dir={textDir(item.title)} className="mt-2 text-lg font-semibold text-slate-900">
                {item.link ? (
                  <a
                    href={item.link}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="hover:text-brand-700 hover:underline"
                  >
                    {item.title}
                    <ExternalLink
                      className="ms-1 inline size-3.5 align-baseline text-slate-400"
                      aria-label={t("news.readMore")}
                    />
                  </a>
                ) : (
                  item.title
                )}
              </h3>
              {item.descriptionHtml ? (
                <div
                  dir={textDir(item.title)}
                  data-testid="news-description"
                  className="mt-1 line-clamp-3 text-sm text-slate-700 [&_a]:text-brand-700 [&_a]:underline"
                  // Sanitized with a strict allowlist when the item was ingested (server/news/sanitizer.ts).
                  dangerouslySetInnerHTML={{ __html: item.descriptionHtml }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
