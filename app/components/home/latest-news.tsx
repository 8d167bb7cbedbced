import { useTranslation } from "react-i18next";
import type { HomeContent } from "#server/content/types";
import { ArticleCard } from "~/components/content/article-card";
import { sectionHref } from "~/components/content/format";
import { Link } from "~/components/link";
import "~/locales/content";

/**
 * On the home page: latest news in three columns (economic, breaking, central bank) of two
 * articles each. Data: `services.content.home()` (its `latestNews`) and the loader's `now`.
 */
export function LatestNews({ columns, now }: { columns: HomeContent["latestNews"]; now: number }) {
  const { t } = useTranslation("content");
  return (
    <section aria-labelledby="latest-news-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="latest-news-heading" className="text-3xl font-bold text-slate-900">
        {t("home.latestTitle")}
      </h2>
      <p className="mt-1 text-slate-600">{t("home.latestSubtitle")}</p>
      <div className="mt-6 grid gap-8 md:grid-cols-3">
        {columns.map(({ section, articles }) => (
          <div key={section} className="flex flex-col gap-4" data-testid="latest-news-column">
            <div className="flex items-baseline justify-between gap-2 border-b-2 border-brand-600 pb-2">
              <h3 className="text-lg font-bold text-slate-900">{t(`sections.${section}`)}</h3>
              <Link
                to={sectionHref(section)}
                className="text-sm font-semibold text-brand-600 hover:underline"
                aria-label={t("home.viewAllOf", { section: t(`sections.${section}`) })}
              >
                {t("home.viewAll")}
              </Link>
            </div>
            {articles.map((a) => (
              <ArticleCard key={a.id} article={a} now={now} compact />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
