import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { parseHeatmapPeriod } from "#common/heatmap";
import { parseOverviewTab } from "#common/market-overview";
import { Page } from "~/components/layout/page";
import { SectorHeatmap } from "~/components/overview/heatmap";
import { MarketOverview } from "~/components/overview/market-overview";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { errorPageMeta, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/markets";
import "~/locales/heatmap";
import "~/locales/overview";

/**
 * Its render reads only its data and URL: between two ticks every view of a tab is the same
 * render, remembered rather than rendered again (decision records 030 and 033).
 */
export const handle = { rememberRenders: true };

/**
 * /markets: every Gulf exchange at a glance, one tab per market and a GCC-wide view (`?market=`).
 * Alike for every reader, so served from the page cache; the figures then follow the live stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = parseOverviewTab(params.getAll("market"));
  const period = parseHeatmapPeriod(params.getAll("period"));
  const { overview } = services(context);
  await overview.ready();
  const view = overview.view(parsed.ok ? parsed.tab : "GCC");
  const answer = {
    view,
    heatmap: overview.heatmap(view.tab, period.ok ? period.period : "1D"),
    sparks: await overview.sparklines(view.indices.map((i) => i.symbol)),
    unknownMarket: !parsed.ok,
    unknownPeriod: !period.ok,
  };
  return parsed.ok && period.ok ? answer : data(answer, { status: 400 });
}

export default function MarketsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("overview");
  const { t: th } = useTranslation("heatmap");
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
      {loaderData.unknownPeriod ? (
        <p
          role="alert"
          className="mb-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {th("unknownPeriod")}
        </p>
      ) : null}
      <MarketOverview
        initial={loaderData.view}
        sparks={loaderData.sparks}
        heatmap={<SectorHeatmap initial={loaderData.heatmap} />}
      />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  loaderData
    ? pageMeta(matches, { ...metaText(matches, "markets"), path: location.pathname })
    : errorPageMeta();
