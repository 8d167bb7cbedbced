import { loadArticle } from "~/components/content/article-data.server";
import { ArticleView } from "~/components/content/article-view";
import type { Route } from "./+types/news.article.$slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadArticle(context, params.slug, "news");
}

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
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
