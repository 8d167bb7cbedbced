import { NewsSectionPage } from "~/components/content/news-section";
import { services } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/news.breaking";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await services(context).content!.newsPage("breaking"), now: Date.now() };
}

export default function BreakingNewsPage({ loaderData }: Route.ComponentProps) {
  return <NewsSectionPage page={loaderData.page} now={loaderData.now} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Breaking News — GulfPulse",
    description: "Breaking Gulf market news with urgent, high and medium priority.",
    path: "/news/breaking",
  });
