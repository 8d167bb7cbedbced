import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { type ScreenerAnswer, type ScreenerQuery, screenerParams } from "#common/screener";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { SparklinesProvider } from "~/components/market/sparkline";
import { ScreenerForm } from "~/components/screener/screener-form";
import { ScreenerTable } from "~/components/screener/screener-table";
import { SavedScreens } from "~/components/screens/saved-screens";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { errorPageMeta, pageMeta } from "~/lib/seo";
import { runScreen } from "~/lib/server/screener.server";
import { useFormat } from "~/lib/use-format";
import type { Route } from "./+types/screener";
import "~/locales/screener";

const EMPTY: ScreenerQuery = { sort: "valueTraded", order: "desc", limit: 50, offset: 0, ranges: {} };

/**
 * Served from the page cache like every public page, its address (the whole screen) the key;
 * its render reads only its data and URL, so between two ticks a screen is rendered once
 * (decision records 011, 030 and 033).
 */
export const handle = { rememberRenders: true };

/**
 * /screener: every listed company filtered and sorted as the address says (the same parameters as
 * GET /api/screener); a bad parameter answers 400 naming it, over the unfiltered screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await runScreen(context, new URL(request.url).searchParams);
  const { overview } = services(context);
  const sectors = overview.sectors();
  const sparksOf = (a: ScreenerAnswer) => overview.sparklines(a.rows.map((r) => r.symbol));
  if (result.ok)
    return {
      query: result.query,
      answer: result.answer,
      sectors,
      badField: null,
      sparks: await sparksOf(result.answer),
    };
  const fallback = await runScreen(context, new URLSearchParams());
  const answer = fallback.ok ? fallback.answer : { rows: [], total: 0 };
  const sparks = await sparksOf(answer);
  return data({ query: EMPTY, answer, sectors, badField: result.field, sparks }, { status: 400 });
}

function Pager({ q, total }: { q: ScreenerQuery; total: number }) {
  const { t } = useTranslation("screener");
  const to = (offset: number) => `/screener?${screenerParams({ ...q, offset })}`;
  return (
    <nav className="mt-3 flex gap-4 text-sm">
      {q.offset > 0 ? <Link to={to(Math.max(0, q.offset - q.limit))}>{t("previous")}</Link> : null}
      {q.offset + q.limit < total ? <Link to={to(q.offset + q.limit)}>{t("next")}</Link> : null}
    </nav>
  );
}

export default function ScreenerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("screener");
  const f = useFormat();
  const { query, answer, sectors, badField } = loaderData;
  const params = screenerParams(query);
  params.delete("limit");
  params.delete("offset");
  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      {badField ? (
        <p
          role="alert"
          className="mb-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {t("badField", { field: badField })}
        </p>
      ) : null}
      <ScreenerForm q={query} sectors={sectors} csvHref={`/screener.csv${params.size ? `?${params}` : ""}`} />
      <p className="mb-2 text-sm" data-testid="screener-total">
        {t("results", { count: answer.total, formatted: f.integer(answer.total) })}
      </p>
      {answer.rows.some((r) => r.freshness === "simulated") ? (
        <p className="mb-2 text-xs text-slate-500">{t("simulatedNote")}</p>
      ) : null}
      {answer.total === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <SparklinesProvider value={loaderData.sparks}>
          <ScreenerTable q={query} answer={answer} />
        </SparklinesProvider>
      )}
      <Pager q={query} total={answer.total} />
      <SavedScreens query={params.toString()} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  loaderData
    ? pageMeta(matches, { ...metaText(matches, "screener"), path: location.pathname })
    : errorPageMeta();
