import type { Scheduler } from "#server/jobs/scheduler";
import { createNews as createNewsService, type NewsAnalyticsService, type NewsDeps } from "./service";
import type { NewsService } from "./types";

export type { Dashboard, NewsAnalyticsService, NewsSummary } from "./service";
export type * from "./types";

/** services.news: what other features read (latest items) plus the analytics dashboard's API. */
export type News = NewsService & NewsAnalyticsService;

/** Creates the news service and registers its feed poll job. */
export function createNews(deps: NewsDeps & { jobs: Pick<Scheduler, "register"> }): News {
  const news = createNewsService(deps);
  deps.jobs.register({
    name: "rss-poll",
    intervalMs: deps.config.RSS_POLL_MINUTES * 60_000,
    run: async (signal) => void (await news.poll({ signal })),
  });
  return news;
}
