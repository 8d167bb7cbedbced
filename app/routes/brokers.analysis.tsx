import { useTranslation } from "react-i18next";
import { ArticleCard } from "~/components/content/article-card";
import { Page } from "~/components/layout/page";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/brokers.analysis";
import "~/locales/content";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    articles: await services(context).content.articles.list({ section: "broker-analysis" }),
    now: Date.now(),
  };
}

export default function BrokersAnalysisPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { articles, now } = loaderData;
  return (
    <Page title={t("brokers.analysis.title")} subtitle={t("brokers.analysis.subtitle")}>
      {articles.length === 0 ? (
        <p className="text-slate-600">{t("brokers.analysisEmpty")}</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((a) => (
            <ArticleCard key={a.id} article={a} now={now} />
          ))}
        </div>
      )}
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "brokersAnalysis"),
    path: "/brokers/analysis",
  });
