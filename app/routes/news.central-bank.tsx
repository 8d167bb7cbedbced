import { NewsSectionPage } from "~/components/content/news-section";
import { services } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/news.central-bank";

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await services(context).content!.newsPage("central-bank"), now: Date.now() };
}

export default function CentralBankNewsPage({ loaderData }: Route.ComponentProps) {
  return <NewsSectionPage page={loaderData.page} now={loaderData.now} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Central Bank News — GulfPulse",
    description:
      "Interest rate decisions and statements from SAMA, the CBUAE, the CBK and other Gulf central banks.",
    path: "/news/central-bank",
  });
