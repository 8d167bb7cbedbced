import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { LISTING_EXCHANGES } from "#common/instruments";
import { DividendCalendar } from "~/components/dividends/dividend-calendar";
import { Page } from "~/components/layout/page";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { errorPageMeta, pageMeta } from "~/lib/seo";
import { readDividendFilters, upcomingRows, watchlistSymbols } from "~/lib/server/dividends.server";
import type { Route } from "./+types/dividends";
import "~/locales/dividends";

/**
 * /dividends: upcoming ex-dates and payment dates, filtered by exchange, sector and (signed in) the
 * reader's watchlists, with each distribution's yield at today's price and an ICS export. Public and
 * alike for every reader unless the watchlist filter asks who reads it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  let error: string | null = null;
  let filters: Awaited<ReturnType<typeof readDividendFilters>> = { watchlist: false };
  try {
    filters = await readDividendFilters(context, params);
  } catch (err) {
    error = err instanceof Error ? err.message : "Bad request";
  }
  const symbols = filters.watchlist ? await watchlistSymbols(request, context) : undefined;
  const rows =
    error || symbols === null
      ? []
      : await upcomingRows(context, { ...filters, symbols: symbols ?? undefined });
  const body = {
    rows,
    filters,
    error,
    needsSignIn: symbols === null,
    exchanges: [...LISTING_EXCHANGES],
    sectors: await services(context).dividends.sectors(),
  };
  return error ? data(body, { status: 400 }) : body;
}

export default function DividendsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dividends");
  return (
    <Page title={t("calendar.title")} subtitle={t("calendar.intro")}>
      <DividendCalendar data={loaderData} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  loaderData
    ? pageMeta(matches, { ...metaText(matches, "dividends"), path: location.pathname })
    : errorPageMeta();
