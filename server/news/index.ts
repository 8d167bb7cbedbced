import type { Services } from "../services";
import { createNews } from "./service";

export type { Dashboard, NewsAnalyticsService, NewsSummary } from "./service";

/** Creates the news service (services.news for other features, services.newsAnalytics for the dashboard) and its poll job. */
export function registerNews(services: Services) {
  const { config, db, log, jobs } = services;
  const news = createNews({ db, log, config });
  services.news = news;
  services.newsAnalytics = news;
  jobs.register({
    name: "rss-poll",
    intervalMs: config.RSS_POLL_MINUTES * 60_000,
    run: async (signal) => void (await news.poll({ signal })),
  });
  return news;
}
