import type { SharedSnapshots } from "../cache/shared-snapshots";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import { itemAnalyser, pickEngine } from "./analyse-items";
import type { AnalysisEngine } from "./analysis/types";
import { analysisRefresh } from "./analysis-refresh";
import { buildDashboard, type Dashboard, dashboardItems } from "./dashboard";
import { type FeedReport, pollDueFeeds } from "./ingest";
import { type EducationCard, latestItems, listEducation, listFeeds } from "./queries";
import type { RefreshRequester } from "./refresh-gate";
import type { NewsService } from "./types";

export { type Dashboard, type NewsSummary, SUMMARY_COUNT } from "./dashboard";

/** The analytics dashboard's API (the /news-analytics page). */
export interface AnalyticsService {
  /** "offline" or "ai:<model>". */
  readonly engine: string;
  /** `language`: the reader's; the stories in it come first. */
  dashboard(language?: "ar" | "en"): Promise<Dashboard>;
  /**
   * 'Refresh Analysis': recomputes the cached analyses of the dashboard's items. Asked for by a
   * reader (`by`), it is limited (./refresh-gate.ts): over the limit a rate_limited AppError, and an
   * anonymous press within the shared interval recomputes nothing (`recomputed: 0`).
   */
  refreshAnalysis(by?: RefreshRequester): Promise<{ refreshedAt: Date; recomputed: number }>;
  /** Polls the feeds that are due (all enabled feeds with force) and analyses what arrived. */
  poll(opts?: { signal?: AbortSignal; force?: boolean }): Promise<FeedReport[]>;
  feeds(): ReturnType<typeof listFeeds>;
  education(): Promise<EducationCard[]>;
}

export interface NewsDeps {
  db: Db;
  log: Logger;
  config: Pick<
    Config,
    "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_TIMEOUT_MS" | "RSS_POLL_MINUTES" | "FEEDS_ALLOW_PRIVATE"
  >;
  /** Tests inject an engine; otherwise the AI engine when configured, else the offline one. */
  engine?: AnalysisEngine;
  jobs: Pick<Scheduler, "register">;
  /** Told when a poll stored stories, so every process's copies of the news pages are read again. */
  snapshots?: Pick<SharedSnapshots, "changed">;
}

/** services.news: what other features read (latest items) plus the analytics dashboard's API. */
export type News = NewsService & AnalyticsService;

/**
 * News in parts: ingesting feeds (ingest.ts), analysing stories (analyse-items.ts), the analytics
 * dashboard (dashboard.ts) and its refresh (analysis-refresh.ts), and the tables' queries
 * (queries.ts). createNews only wires them and registers the feed poll job.
 */
export function createNews(deps: NewsDeps): News {
  const { db, log, config } = deps;
  const engine = pickEngine(config, log, deps.engine);
  const analyse = itemAnalyser(db, engine);
  const pollIntervalMs = config.RSS_POLL_MINUTES * 60_000;
  const news: News = {
    engine: engine.name,
    latest: (opts) => latestItems(db, opts),
    dashboard: (language) => buildDashboard({ db, log, analyse, engine: engine.name, language }),
    refreshAnalysis: analysisRefresh({ db, log, engine, analyse }),
    async poll(opts = {}) {
      const reports = await pollDueFeeds(
        { db, log, pollIntervalMs, allowPrivateAddresses: config.FEEDS_ALLOW_PRIVATE },
        opts,
      );
      // New (or never analysed) stories are analysed here, in the background job, so the dashboard
      // rarely waits for a model; cached analyses cost one query.
      if (!opts.signal?.aborted) await analyse(await dashboardItems(db));
      return reports;
    },
    feeds: () => listFeeds(db),
    education: () => listEducation(db),
  };
  deps.jobs.register({
    name: "rss-poll",
    intervalMs: pollIntervalMs,
    run: async (signal) => {
      const reports = await news.poll({ signal });
      if (reports.some((r) => r.added.length > 0)) await deps.snapshots?.changed("news");
    },
  });
  return news;
}
