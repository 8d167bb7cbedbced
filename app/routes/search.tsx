import { Loader2, Search as SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { NoResults, SearchResults } from "~/components/content/search-results";
import { buttonClass } from "~/components/forms/field";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { Link, useLocalePath } from "~/components/link";
import { services } from "~/lib/auth.server";
import { splitLocale } from "~/lib/locale";
import { metaText } from "~/lib/meta-text";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/search";
import "~/locales/search";

const PAGE = 20;
const MAX_RESULTS = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim();
  // Only a non-blank query runs.
  if (!query) return { query, results: null, limit: PAGE };
  const asked = Number.parseInt(params.get("limit") ?? "", 10);
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, PAGE), MAX_RESULTS) : PAGE;
  const { results } = await services(context).shared.search(query, { limit });
  return { query, results, limit };
}

/** Search: q pre-fills the input and runs; 'Searching...' while waiting; results or empty. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("search");
  const siteName = useRootData()?.site.name ?? "GulfPulse";
  const navigation = useNavigation();
  const localized = useLocalePath();
  const searching =
    navigation.state === "loading" && splitLocale(navigation.location?.pathname ?? "").path === "/search";
  const { query, results, limit } = loaderData;
  const more = results && results.length === limit && limit < MAX_RESULTS;
  return (
    <Page title={t("title", { siteName })} subtitle={t("subtitle")}>
      <Form
        method="get"
        action={localized("/search")}
        role="search"
        className="flex max-w-3xl gap-2"
        onSubmit={(e) => {
          // A blank query does nothing.
          const q = new FormData(e.currentTarget).get("q");
          if (typeof q !== "string" || !q.trim()) e.preventDefault();
        }}
      >
        <label htmlFor="search-q" className="sr-only">
          {t("label")}
        </label>
        <input
          id="search-q"
          key={query}
          name="q"
          type="search"
          defaultValue={query}
          placeholder={t("placeholder")}
          maxLength={200}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <button type="submit" className={buttonClass} disabled={searching}>
          <SearchIcon aria-hidden className="size-4" />
          {t("submit")}
        </button>
      </Form>
      <p className="mt-2 text-xs text-slate-500">{t("hint")}</p>
      <div className="mt-8 max-w-4xl" aria-live="polite">
        {searching ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <Loader2 aria-hidden className="size-5 animate-spin" />
            {t("searching")}
          </p>
        ) : results === null ? null : results.length === 0 ? (
          <NoResults />
        ) : (
          <>
            <SearchResults results={results} />
            {more ? (
              <Link
                to={`/search?${new URLSearchParams({ q: query, limit: String(limit + PAGE) })}`}
                preventScrollReset
                className="mt-4 inline-flex rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t("more")}
              </Link>
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    ...(loaderData?.query
      ? metaText(matches, "searchResults", { query: loaderData.query })
      : metaText(matches, "search")),
    path: "/search",
    // Result pages are not worth indexing; the pages they link to are.
    noindex: Boolean(loaderData?.query),
  });

export function ErrorBoundary() {
  const { t } = useTranslation("search");
  const siteName = useRootData()?.site.name ?? "GulfPulse";
  return <RouteError title={t("title", { siteName })} message={t("error")} />;
}
