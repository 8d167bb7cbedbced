import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { parseOverviewTab } from "#common/market-overview";
import { Page } from "~/components/layout/page";
import { MarketOverview } from "~/components/overview/market-overview";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { errorPageMeta, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/markets";
import "~/locales/overview";

/**
 * /markets: every Gulf exchange at a glance, one tab per market and a GCC-wide view (`?market=`).
 * Alike for every reader, so served from the page cache; the figures then follow the live stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseOverviewTab(new URL(request.url).searchParams.getAll("market"));
  const { overview } = services(context);
  await overview.ready();
  if (!parsed.ok) return data({ view: overview.view("GCC"), unknownMarket: true }, { status: 400 });
  return { view: overview.view(parsed.tab), unknownMarket: false };
}

export default function MarketsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("overview");
  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      {loaderData.unknownMarket ? (
        <p
          role="alert"
          className="mb-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {t("unknownMarket")}
        </p>
      ) : null}
      <MarketOverview initial={loaderData.view} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  loaderData
    ? pageMeta(matches, { ...metaText(matches, "markets"), path: location.pathname })
    : errorPageMeta();
