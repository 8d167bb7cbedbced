import { RefreshCw } from "lucide-react";
import { Tabs } from "radix-ui";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Await, data, useFetcher } from "react-router";
import { type ActionResult, failureOf } from "#common/action-result";
import {
  ANALYSIS_REFRESH_LIMITED,
  type AnalyticsTab,
  analyticsQuerySchema,
  parseQuery,
  refreshSchema,
} from "#common/analytics-schema";
import { LoadingDashboard, StepError } from "~/components/analytics/badges";
import { EconomicCalendar } from "~/components/analytics/calendar";
import { toCalendarEventView, zoneView } from "~/components/analytics/calendar-view";
import { Education } from "~/components/analytics/education";
import { NewsFeed } from "~/components/analytics/news-feed";
import { SentimentCard } from "~/components/analytics/sentiment-card";
import { Summaries } from "~/components/analytics/summaries";
import { toDashboardView, toEducationView } from "~/components/analytics/view";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { requestContext } from "~/context";
import { getUser, services } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { readerTimeZone } from "~/lib/server/calendar-zone.server";
import { useServerText } from "~/lib/server-text";
import { formatFor } from "~/lib/use-format";
import type { Route } from "./+types/news-analytics";
import "~/locales/analytics";

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = services(context);
  const query = parseQuery(analyticsQuerySchema, new URL(request.url).searchParams);
  const analytics = s.news;
  const f = formatFor(request);
  const zone = zoneView(await readerTimeZone(request, context), f);
  const failed = (step: string) => (err: unknown) => {
    s.log.error({ err, step }, "news analytics load failed");
    return null;
  };
  // Feed, then summaries, then sentiment. Streamed, so the page shows the spinner first.
  const content = Promise.all([
    s.shared
      .dashboard(f.lang)
      .then((d) => toDashboardView(d, f))
      .catch(failed("dashboard"))
      .then((d) => d ?? { feed: null, summaries: null, sentiment: null, engine: analytics.engine }),
    s.shared
      .upcoming({
        days: query.days,
        country: query.country,
        importance: query.importance,
        category: query.category,
      })
      .then((events) => events.map((e) => toCalendarEventView(e, f, zone.id)))
      .catch(failed("calendar")),
    s.shared
      .education()
      .then(toEducationView)
      .catch(failed("education"))
      .then((e) => e ?? []),
  ]).then(([dashboard, calendar, education]) => ({ dashboard, calendar, education }));
  return { query, zone, content };
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = services(context);
  const parsed = refreshSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data<ActionResult>({ ok: false, error: "Unknown action" }, 400);
  try {
    // Limited per client address and account (server/news/refresh-gate.ts).
    const user = await getUser(request, context);
    await s.news.refreshAnalysis({ ip: context.get(requestContext).clientIp, userId: user?.id ?? null });
    return data<ActionResult>({ ok: true });
  } catch (err) {
    const { status, body } = failureOf(err, "failed", (err) =>
      s.log.error({ err }, "news analysis refresh failed"),
    );
    return data<ActionResult>(body, status);
  }
}

export default function NewsAnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("analytics");
  const st = useServerText();
  const { query, zone, content } = loaderData;
  const [tab, setTab] = useState<AnalyticsTab>(query.tab);
  const refresh = useFetcher<typeof action>();
  const refreshing = refresh.state !== "idle";

  function selectTab(value: string) {
    setTab(value as AnalyticsTab);
    // Remembered in the address (without a reload) so a refresh or a shared link opens the same tab.
    const url = new URL(window.location.href);
    url.searchParams.set("tab", value);
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      <div className="mb-6 flex justify-end">
        <refresh.Form method="post">
          <input type="hidden" name="intent" value="refresh" />
          <button
            type="submit"
            disabled={refreshing}
            className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <RefreshCw className={`size-4 ${refreshing ? "animate-spin" : ""}`} aria-hidden />
            {t("refresh")}
          </button>
        </refresh.Form>
      </div>
      {refresh.data && !refresh.data.ok && !refreshing ? (
        <div className="mb-4">
          <StepError
            message={
              refresh.data.error === ANALYSIS_REFRESH_LIMITED ? st(refresh.data.error) : t("errors.summaries")
            }
          />
        </div>
      ) : null}
      {/* At least a viewport tall while loading, so the streamed dashboard replacing the spinner
          does not push the footer (visible under a short spinner) down: that shift was CLS 0.125. */}
      <div className="min-h-svh">
        {refreshing ? (
          <LoadingDashboard />
        ) : (
          <Suspense fallback={<LoadingDashboard />}>
            <Await resolve={content}>
              {({ dashboard, calendar, education }) => (
                <div className="space-y-6">
                  <SentimentCard
                    sentiment={dashboard.feed && dashboard.summaries ? dashboard.sentiment : null}
                  />
                  <Tabs.Root value={tab} onValueChange={selectTab}>
                    <Tabs.List
                      aria-label={t("tabs.label")}
                      className="grid grid-cols-2 gap-1 rounded-lg bg-slate-200 p-1 sm:grid-cols-4"
                    >
                      {(["news", "summaries", "calendar", "education"] as const).map((name) => (
                        <Tabs.Trigger
                          key={name}
                          value={name}
                          className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm"
                        >
                          {t(`tabs.${name}`)}
                        </Tabs.Trigger>
                      ))}
                    </Tabs.List>
                    <Tabs.Content value="news" className="pt-6">
                      <NewsFeed items={dashboard.feed} />
                    </Tabs.Content>
                    <Tabs.Content value="summaries" className="pt-6">
                      <Summaries
                        summaries={dashboard.feed ? dashboard.summaries : null}
                        engine={dashboard.engine}
                      />
                    </Tabs.Content>
                    <Tabs.Content value="calendar" className="pt-6">
                      <EconomicCalendar events={calendar} query={query} zone={zone} />
                    </Tabs.Content>
                    <Tabs.Content value="education" className="pt-6">
                      <Education sections={education} />
                    </Tabs.Content>
                  </Tabs.Root>
                </div>
              )}
            </Await>
          </Suspense>
        )}
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "newsAnalytics"),
    path: "/news-analytics",
  });

export function ErrorBoundary() {
  const { t } = useTranslation("analytics");
  return <RouteError title={t("title")} subtitle={t("subtitle")} message={t("errors.rss")} />;
}
