import { ArticleView } from "~/components/content/article-view";
import { articleHref } from "~/components/content/format";
import { articlePageMeta, errorPageMeta } from "~/lib/seo";
import { loadArticle } from "~/lib/server/article-data.server";
import type { Route } from "./+types/news.article.$slug";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadArticle(request, context, params.slug, "news");
}

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: data }) =>
  data ? articlePageMeta(matches, data.article, articleHref(data.article)) : errorPageMeta();
