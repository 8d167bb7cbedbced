import { useTranslation } from "react-i18next";
import type { NewsPage } from "#server/content/types";
import { Page } from "~/components/layout/page";
import { ArticleCard } from "./article-card";
import { LiveBadge } from "./badges";
import { NewsItemRow } from "./news-item-card";
import "~/locales/content";

/** /news/economic, /news/breaking, /news/central-bank: editorial articles, then the wire. */
export function NewsSectionPage({ page, now }: { page: NewsPage; now: number }) {
  const { t } = useTranslation("content");
  const { section } = page;
  return (
    <Page
      title={t(`news.${section}.title`)}
      subtitle={t(`news.${section}.subtitle`)}
      badge={section === "breaking" ? <LiveBadge /> : undefined}
    >
      <section aria-labelledby="editorial-heading">
        <h2 id="editorial-heading" className="sr-only">
          {t("news.editorial")}
        </h2>
        {page.articles.length === 0 ? (
          <p className="text-slate-600">{t("news.editorialEmpty")}</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {page.articles.map((a) => (
              <ArticleCard key={a.id} article={a} now={now} />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="wire-heading" className="mt-12">
        <h2 id="wire-heading" className="text-2xl font-bold text-slate-900">
          {t("news.latest")}
        </h2>
        <p className="mt-1 text-sm text-slate-500">{t("news.latestNote")}</p>
        {page.latest.length === 0 ? (
          <p className="mt-4 text-slate-600">{t("news.latestEmpty")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-5 shadow-sm">
            {page.latest.map((item) => (
              <NewsItemRow key={item.id} item={item} now={now} />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
