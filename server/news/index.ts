import type { SharedSnapshots } from "#server/cache/shared-snapshots";
import type { Scheduler } from "#server/jobs/scheduler";
import { createNews as createNewsService, type NewsAnalyticsService, type NewsDeps } from "./service";
import type { NewsService } from "./types";

export type { Dashboard, NewsAnalyticsService, NewsSummary } from "./service";
export type * from "./types";

/** services.news: what other features read (latest items) plus the analytics dashboard's API. */
export type News = NewsService & NewsAnalyticsService;

/**
 * Creates the news service and registers its feed poll job; a poll that stored stories announces
 * them, so every process's copies of the news pages are read again.
 */
export function createNews(
  deps: NewsDeps & { jobs: Pick<Scheduler, "register">; snapshots?: Pick<SharedSnapshots, "changed"> },
): News {
  const news = createNewsService(deps);
  deps.jobs.register({
    name: "rss-poll",
    intervalMs: deps.config.RSS_POLL_MINUTES * 60_000,
    run: async (signal) => {
      const reports = await news.poll({ signal });
      if (reports.some((r) => r.added.length > 0)) await deps.snapshots?.changed("news");
    },
  });
  return news;
}
