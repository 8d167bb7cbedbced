import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { newsFeeds, newsItems } from "../db/schema";
import type { Logger } from "../logger";
import { fetchFeed } from "./fetcher";
import { type CleanItem, type ItemNote, normalizeItem } from "./normalize";
import { FeedError, parseFeed } from "./parser";

export type FeedRow = typeof newsFeeds.$inferSelect;

export interface FeedReport {
  feedId: string;
  url: string;
  status: "ok" | "not-modified" | "error";
  error?: string;
  /** Ids of the items this poll stored for the first time. */
  added: string[];
  duplicates: number;
  notes: ItemNote[];
}

export interface IngestDeps {
  db: Db;
  log: Logger;
  /** The normal gap between two polls of a healthy feed. */
  pollIntervalMs: number;
  fetchTimeoutMs?: number;
  /** FEEDS_ALLOW_PRIVATE (see ./address-guard.ts). */
  allowPrivateAddresses?: boolean;
}

const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;
const POLL_CONCURRENCY = 4;

/** Doubles the wait after each consecutive failure (capped at a day); a Retry-After wins if longer. */
function backoffMs(failures: number, pollIntervalMs: number, retryAfterMs?: number): number {
  const exp = Math.min(MAX_BACKOFF_MS, pollIntervalMs * 2 ** Math.min(failures, 16));
  return Math.max(exp, Math.min(retryAfterMs ?? 0, MAX_BACKOFF_MS));
}

/**
 * Fetches, parses, cleans and stores one feed. A failing feed only updates its status and backoff:
 * items already stored are never removed, so the site keeps showing news when a source is down.
 */
export async function pollFeed(
  deps: IngestDeps,
  feed: FeedRow,
  opts: { signal?: AbortSignal; now?: Date } = {},
): Promise<FeedReport> {
  const now = opts.now ?? new Date();
  const report: FeedReport = {
    feedId: feed.id,
    url: feed.url,
    status: "ok",
    added: [],
    duplicates: 0,
    notes: [],
  };
  try {
    const fetched = await fetchFeed(feed.url, {
      etag: feed.etag,
      lastModified: feed.lastModified,
      signal: opts.signal,
      timeoutMs: deps.fetchTimeoutMs,
      allowPrivateAddresses: deps.allowPrivateAddresses,
    });
    if (fetched.status === "not-modified") {
      report.status = "not-modified";
      await markHealthy(deps, feed, now, "not-modified", {});
      return report;
    }
    const parsed = parseFeed(fetched.body);
    const seen = new Set<string>();
    const clean: CleanItem[] = [];
    for (const raw of parsed.items) {
      const item = normalizeItem(raw, feed, now, report.notes);
      if (!item) continue;
      if (seen.has(item.dedupeKey)) {
        report.duplicates++;
        report.notes.push({ title: item.title.slice(0, 80), reason: "duplicate within the feed: skipped" });
        continue;
      }
      seen.add(item.dedupeKey);
      clean.push(item);
    }
    report.added = await storeItems(deps.db, feed, clean);
    report.duplicates += clean.length - report.added.length;
    await markHealthy(deps, feed, now, "ok", { etag: fetched.etag, lastModified: fetched.lastModified });
    for (const note of report.notes)
      deps.log.info({ feed: feed.url, item: note.title }, `rss item: ${note.reason}`);
    deps.log.info(
      {
        feed: feed.url,
        format: parsed.format,
        items: parsed.items.length,
        added: report.added.length,
        duplicates: report.duplicates,
      },
      "rss feed polled",
    );
  } catch (err) {
    const reason = err instanceof FeedError ? err.reason : `unexpected: ${(err as Error).message}`;
    report.status = "error";
    report.error = reason;
    const failures = feed.failureCount + 1;
    const wait = backoffMs(
      failures - 1,
      deps.pollIntervalMs,
      err instanceof FeedError ? err.retryAfterMs : undefined,
    );
    await deps.db
      .update(newsFeeds)
      .set({
        lastFetchedAt: now,
        lastStatus: "error",
        lastError: reason.slice(0, 500),
        failureCount: failures,
        nextFetchAt: new Date(now.getTime() + wait),
      })
      .where(eq(newsFeeds.id, feed.id));
    deps.log.warn({ feed: feed.url, reason, failures, retryInMs: wait }, "rss feed rejected");
  }
  return report;
}

async function markHealthy(
  deps: IngestDeps,
  feed: FeedRow,
  now: Date,
  status: "ok" | "not-modified",
  validators: { etag?: string | null; lastModified?: string | null },
) {
  await deps.db
    .update(newsFeeds)
    .set({
      lastFetchedAt: now,
      lastStatus: status,
      lastError: null,
      failureCount: 0,
      nextFetchAt: new Date(now.getTime() + deps.pollIntervalMs),
      ...(status === "ok"
        ? { etag: validators.etag ?? null, lastModified: validators.lastModified ?? null }
        : {}),
    })
    .where(eq(newsFeeds.id, feed.id));
}

/** Inserts new items; the unique dedupe key makes a story seen in another feed a no-op. */
async function storeItems(db: Db, feed: FeedRow, items: CleanItem[]): Promise<string[]> {
  const added: string[] = [];
  for (let i = 0; i < items.length; i += 100) {
    const rows = await db
      .insert(newsItems)
      .values(items.slice(i, i + 100).map((item) => ({ ...item, feedId: feed.id, source: feed.name })))
      .onConflictDoNothing({ target: newsItems.dedupeKey })
      .returning({ id: newsItems.id });
    added.push(...rows.map((r) => r.id));
  }
  return added;
}

/** Polls every enabled feed that is due, a few at a time, so one slow source does not hold up the rest. */
export async function pollDueFeeds(
  deps: IngestDeps,
  opts: { signal?: AbortSignal; now?: Date; force?: boolean } = {},
): Promise<FeedReport[]> {
  const now = opts.now ?? new Date();
  const due = await deps.db
    .select()
    .from(newsFeeds)
    .where(
      opts.force
        ? eq(newsFeeds.enabled, true)
        : and(eq(newsFeeds.enabled, true), lte(newsFeeds.nextFetchAt, now)),
    )
    .orderBy(asc(newsFeeds.nextFetchAt));
  const reports: FeedReport[] = [];
  let next = 0;
  const worker = async () => {
    while (next < due.length && !opts.signal?.aborted) {
      const feed = due[next++]!;
      reports.push(await pollFeed(deps, feed, { signal: opts.signal, now }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(POLL_CONCURRENCY, due.length) }, worker));
  return reports;
}
