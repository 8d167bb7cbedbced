import { loadArticle } from "~/components/content/article-data.server";
import { ArticleView } from "~/components/content/article-view";
import type { Route } from "./+types/brokers.analysis.$slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadArticle(context, params.slug, "broker");
}

export default function BrokerAnalysisArticlePage({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: "Page not found — GulfPulse" }];
  return [
    { title: `${data.article.title} — GulfPulse` },
    { name: "description", content: data.article.excerpt },
    { property: "og:type", content: "article" },
    { property: "og:title", content: data.article.title },
  ];
};
