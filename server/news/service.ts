import { ANALYSIS_REFRESH_LIMITED } from "#common/analytics-schema";
import { AppError } from "#common/errors";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { createLazyAiEngine } from "./analysis/lazy-ai-engine";
import { offlineEngine } from "./analysis/offline-engine";
import { marketSentiment, type SentimentResult } from "./analysis/overall";
import type { AnalysisEngine, ItemAnalysis } from "./analysis/types";
import { type FeedReport, pollDueFeeds } from "./ingest";
import {
  type CachedAnalysis,
  cachedAnalyses,
  type EducationCard,
  latestItems,
  listEducation,
  listFeeds,
  type StoredItem,
  saveAnalysis,
} from "./queries";
import { createRefreshGate, type RefreshRequester } from "./refresh-gate";
import { toPlainText } from "./sanitizer";
import type { NewsService } from "./types";

/** The dashboard summarizes the first 5 items of the feed (docs/product/news-analytics.md). */
export const SUMMARY_COUNT = 5;
/** How many of the newest items the feed tab shows and the overall sentiment reads. */
const DASHBOARD_ITEMS = 20;
/** A model-backed refresh is honoured at most this often (the offline engine is cheap and always runs). */
const AI_REFRESH_COOL_DOWN_MS = 60_000;
const ANALYSIS_CONCURRENCY = 3;

export interface NewsSummary extends ItemAnalysis {
  itemId: string;
  originalTitle: string;
  link: string | null;
  analysedAt: Date;
}

/** Each step (feed -> summaries -> sentiment) succeeds or fails on its own. */
export interface Dashboard {
  feed: StoredItem[] | null;
  summaries: NewsSummary[] | null;
  sentiment: (SentimentResult & { analysedAt: Date | null }) | null;
  engine: string;
}

export interface NewsAnalyticsService {
  /** "offline" or "ai:<model>". */
  readonly engine: string;
  dashboard(): Promise<Dashboard>;
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
}

export function createNews(deps: NewsDeps): NewsService & NewsAnalyticsService {
  const { db, log, config } = deps;
  const engine =
    deps.engine ??
    (config.AI_BASE_URL || config.AI_API_KEY
      ? createLazyAiEngine({
          baseURL: config.AI_BASE_URL,
          apiKey: config.AI_API_KEY,
          model: config.AI_MODEL,
          timeoutMs: config.AI_TIMEOUT_MS,
          log,
        })
      : offlineEngine);
  const pollIntervalMs = config.RSS_POLL_MINUTES * 60_000;
  const inflight = new Map<string, Promise<CachedAnalysis>>();
  let lastAiRefresh = 0;
  const gate = createRefreshGate(db);

  function analyseOne(item: StoredItem): Promise<CachedAnalysis> {
    const running = inflight.get(item.id);
    if (running) return running;
    const job = (async () => {
      const result = await engine.analyze({
        title: item.title,
        text: toPlainText(item.description),
        language: item.language,
      });
      if (result.keyPoints.length === 0) result.keyPoints = [result.summary];
      return saveAnalysis(db, item.id, result);
    })().finally(() => inflight.delete(item.id));
    inflight.set(item.id, job);
    return job;
  }

  /** Cached analyses, computing (and caching) the missing ones; `force` recomputes them all. */
  async function analyse(items: StoredItem[], force = false): Promise<Map<string, CachedAnalysis>> {
    const cached = force
      ? new Map<string, CachedAnalysis>()
      : await cachedAnalyses(
          db,
          items.map((i) => i.id),
        );
    const missing = items.filter((i) => !cached.has(i.id));
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const item = missing[next++]!;
        cached.set(item.id, await analyseOne(item));
      }
    };
    await Promise.all(Array.from({ length: Math.min(ANALYSIS_CONCURRENCY, missing.length) }, worker));
    return cached;
  }

  function toSummary(item: StoredItem, a: CachedAnalysis): NewsSummary {
    const { itemId: _id, createdAt, ...analysis } = a;
    return {
      ...analysis,
      itemId: item.id,
      originalTitle: item.title,
      link: item.link,
      analysedAt: createdAt,
    };
  }

  return {
    engine: engine.name,
    latest: (opts) => latestItems(db, opts),

    async dashboard() {
      const result: Dashboard = { feed: null, summaries: null, sentiment: null, engine: engine.name };
      try {
        result.feed = await latestItems(db, { limit: DASHBOARD_ITEMS });
      } catch (err) {
        log.error({ err }, "news analytics: feed load failed");
        return result;
      }
      let analyses: Map<string, CachedAnalysis>;
      try {
        analyses = await analyse(result.feed);
        result.summaries = result.feed
          .slice(0, SUMMARY_COUNT)
          .map((item) => toSummary(item, analyses.get(item.id)!));
      } catch (err) {
        log.error({ err }, "news analytics: summaries failed");
        return result;
      }
      try {
        const stories = [...analyses.values()];
        const latest = stories.reduce<Date | null>(
          (max, a) => (!max || a.createdAt > max ? a.createdAt : max),
          null,
        );
        result.sentiment = { ...marketSentiment(stories), analysedAt: latest };
      } catch (err) {
        log.error({ err }, "news analytics: sentiment failed");
      }
      return result;
    },

    async refreshAnalysis(by) {
      if (by) {
        const verdict = await gate.admit(by);
        if (!verdict.allowed) throw new AppError("rate_limited:analysis_refresh", ANALYSIS_REFRESH_LIMITED);
        if (!verdict.recompute) return { refreshedAt: new Date(), recomputed: 0 };
      }
      const items = await latestItems(db, { limit: DASHBOARD_ITEMS });
      if (engine !== offlineEngine && Date.now() - lastAiRefresh < AI_REFRESH_COOL_DOWN_MS) {
        return { refreshedAt: new Date(lastAiRefresh), recomputed: 0 };
      }
      if (engine !== offlineEngine) lastAiRefresh = Date.now();
      const analyses = await analyse(items, true);
      log.info({ items: analyses.size, engine: engine.name }, "news analysis refreshed");
      return { refreshedAt: new Date(), recomputed: analyses.size };
    },

    async poll(opts = {}) {
      const reports = await pollDueFeeds(
        { db, log, pollIntervalMs, allowPrivateAddresses: config.FEEDS_ALLOW_PRIVATE },
        opts,
      );
      // New (or never analysed) stories are analysed here, in the background job, so the dashboard
      // rarely waits for a model; cached analyses cost one query.
      if (!opts.signal?.aborted) await analyse(await latestItems(db, { limit: DASHBOARD_ITEMS }));
      return reports;
    },

    feeds: () => listFeeds(db),
    education: () => listEducation(db),
  };
}
