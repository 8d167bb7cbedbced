import { loadArticle } from "~/components/content/article-data.server";
import { ArticleView } from "~/components/content/article-view";
import { articleHref } from "~/components/content/format";
import { errorPageMeta, newsArticleJsonLd, seoMeta, siteFrom } from "~/lib/seo";
import type { Route } from "./+types/news.article.$slug";

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadArticle(context, params.slug, "news");
}

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData: data }) => {
  if (!data) return errorPageMeta();
  const { article } = data;
  const site = siteFrom(matches);
  const path = articleHref(article);
  const published = new Date(article.publishedAt).toISOString();
  const updated = new Date(article.updatedAt).toISOString();
  return seoMeta(site, {
    title: `${article.title} — GulfPulse`,
    socialTitle: article.title,
    description: article.excerpt,
    path,
    type: "article",
    article: { publishedTime: published, modifiedTime: updated, section: article.category ?? undefined },
    jsonLd: newsArticleJsonLd(site, {
      title: article.title,
      excerpt: article.excerpt,
      path,
      publishedAt: published,
      updatedAt: updated,
    }),
  });
};
