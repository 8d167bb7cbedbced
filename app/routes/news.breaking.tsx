import { NewsSectionPage } from "~/components/content/news-section";
import { services } from "~/lib/auth.server";
import { langOf } from "~/lib/locale";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/news.breaking";

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = langOf(request);
  return { page: await services(context).shared.newsPage("breaking", { language }), now: Date.now() };
}

export default function BreakingNewsPage({ loaderData }: Route.ComponentProps) {
  return <NewsSectionPage page={loaderData.page} now={loaderData.now} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "newsBreaking"),
    path: "/news/breaking",
  });
