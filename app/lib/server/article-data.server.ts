import { data, redirect } from "react-router";
import { isAppError } from "#common/errors";
import { articleHref } from "~/components/content/format";
import { services } from "~/lib/auth.server";
import { langOf, localePath } from "~/lib/locale";

type Ctx = Parameters<typeof services>[0];

/**
 * One article page: /news/article/:slug for the news sections, /brokers/analysis/:slug for broker
 * analysis (the other prefix redirects). Unknown or unpublished slugs are the 404 page.
 */
export async function loadArticle(request: Request, context: Ctx, slug: string, kind: "news" | "broker") {
  const content = services(context).content;
  const article = await content.articles.get(slug).catch((err: unknown) => {
    if (isAppError(err) && err.code === "not_found:article") throw data(null, { status: 404 });
    throw err;
  });
  if ((article.section === "broker-analysis") !== (kind === "broker"))
    throw redirect(localePath(langOf(request), articleHref(article)), 301);
  const more = (await content.articles.list({ section: article.section, limit: 4 }))
    .filter((a) => a.id !== article.id)
    .slice(0, 3);
  return { article, more, now: Date.now() };
}
