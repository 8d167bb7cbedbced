import { ArticleView } from "~/components/content/article-view";
import { articleHref } from "~/components/content/format";
import { articlePageMeta, errorPageMeta } from "~/lib/seo";
import { loadArticle } from "~/lib/server/article-data.server";
import type { Route } from "./+types/brokers.analysis.$slug";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadArticle(request, context, params.slug, "broker");
}

export default function BrokerAnalysisArticlePage({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: data }) =>
  data ? articlePageMeta(matches, data.article, articleHref(data.article)) : errorPageMeta();
