import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { type FetchOutcome, fetchFeed } from "./feed-fetch";
import { parseForexFactory, toFeedEvents } from "./forex-factory";
import { type MergeResult, mergeFeedEvents } from "./merge";

export interface FeedRefreshOptions {
  db: Db;
  log: Logger;
  urls: string[];
  minIntervalMs: number;
  timeoutMs?: number;
  now?: Date;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

export interface FeedRefreshReport {
  url: string;
  outcome: FetchOutcome;
  merged: MergeResult | null;
}

const isJsonArray = (body: string) => {
  try {
    return Array.isArray(JSON.parse(body));
  } catch {
    return false;
  }
};

/** Fetches each weekly feed when it is due and merges a new copy; one failing feed spares the others. */
export async function refreshFeeds(opts: FeedRefreshOptions): Promise<FeedRefreshReport[]> {
  const reports: FeedRefreshReport[] = [];
  for (const url of opts.urls) {
    try {
      const fetched = await fetchFeed({ ...opts, url, accept: isJsonArray });
      let merged: MergeResult | null = null;
      if (fetched.outcome === "fetched" && fetched.body) {
        const events = toFeedEvents(parseForexFactory(fetched.body, opts.log, url));
        merged = await mergeFeedEvents(opts.db, events, { now: opts.now });
        opts.log.info({ url, ...merged }, "calendar: feed merged");
      }
      reports.push({ url, outcome: fetched.outcome, merged });
    } catch (err) {
      opts.log.error({ err, url }, "calendar: feed refresh failed");
      reports.push({ url, outcome: "failed", merged: null });
    }
  }
  return reports;
}
