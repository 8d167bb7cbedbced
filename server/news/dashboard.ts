import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { Analyse } from "./analyse-items";
import { marketSentiment, type SentimentResult } from "./analysis/overall";
import type { ItemAnalysis } from "./analysis/types";
import { type CachedAnalysis, latestItems, type StoredItem } from "./queries";

/** The news analytics dashboard: the feed, summaries of its first stories, and the overall sentiment. */

/** The dashboard summarizes the first 5 items of the feed (docs/product/news-analytics.md). */
export const SUMMARY_COUNT = 5;
/** How many of the newest items the feed tab shows and the overall sentiment reads. */
export const DASHBOARD_ITEMS = 20;

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

/** The stories' sentiment together, dated by the newest analysis it reads. */
function sentimentOf(analyses: Map<string, CachedAnalysis>): NonNullable<Dashboard["sentiment"]> {
  const stories = [...analyses.values()];
  const latest = stories.reduce<Date | null>(
    (max, a) => (!max || a.createdAt > max ? a.createdAt : max),
    null,
  );
  return { ...marketSentiment(stories), analysedAt: latest };
}

/**
 * The stories either language's dashboard shows (each reads its own language first), once each:
 * what the poll job and 'Refresh Analysis' analyse, so neither page waits for a model.
 */
export async function dashboardItems(db: Db): Promise<StoredItem[]> {
  const lists = await Promise.all(
    (["en", "ar"] as const).map((language) => latestItems(db, { limit: DASHBOARD_ITEMS, language })),
  );
  const byId = new Map(lists.flat().map((item) => [item.id, item]));
  return [...byId.values()];
}

/** `language`: the reader's; their language's stories come first in the feed and the summaries. */
export async function buildDashboard(deps: {
  db: Db;
  log: Logger;
  analyse: Analyse;
  engine: string;
  language?: "ar" | "en";
}): Promise<Dashboard> {
  const { db, log } = deps;
  const result: Dashboard = { feed: null, summaries: null, sentiment: null, engine: deps.engine };
  try {
    result.feed = await latestItems(db, { limit: DASHBOARD_ITEMS, language: deps.language });
  } catch (err) {
    log.error({ err }, "news analytics: feed load failed");
    return result;
  }
  let analyses: Map<string, CachedAnalysis>;
  try {
    analyses = await deps.analyse(result.feed);
    result.summaries = result.feed
      .slice(0, SUMMARY_COUNT)
      .map((item) => toSummary(item, analyses.get(item.id)!));
  } catch (err) {
    log.error({ err }, "news analytics: summaries failed");
    return result;
  }
  try {
    result.sentiment = sentimentOf(analyses);
  } catch (err) {
    log.error({ err }, "news analytics: sentiment failed");
  }
  return result;
}
