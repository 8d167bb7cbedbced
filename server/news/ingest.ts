import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { newsFeeds, newsItems } from "../db/schema";
import type { Logger } from "../logger";
import { fetchFeed } from "./fetcher";
import { type CleanItem, type ItemNote, normalizeItem } from "./normalize";
import { FeedError, parseFeed } from "./parser";
import { safeLink } from "./sanitizer";

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
    const siteUrl = parsed.siteLink ? (safeLink(parsed.siteLink, feed.url) ?? undefined) : undefined;
    const byKey = new Map<string, CleanItem>();
    for (const raw of parsed.items) {
      const item = normalizeItem(raw, { ...feed, siteUrl }, now, report.notes);
      if (!item) continue;
      const earlier = byKey.get(item.dedupeKey);
      if (earlier) {
        report.duplicates++;
        report.notes.push({
          title: item.title.slice(0, 80),
          reason: "duplicate within the feed: kept the newer",
        });
        // The newer version of a story wins (a "(corrected)" republication under the same link).
        if (!item.dateUnknown && (earlier.dateUnknown || item.pubDate > earlier.pubDate))
          byKey.set(item.dedupeKey, item);
        continue;
      }
      byKey.set(item.dedupeKey, item);
    }
    const clean = placeDatelessItems([...byKey.values()], now);
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

/**
 * An item without a usable date has no place of its own in time: it goes just below the dated
 * items of the same fetch (in the feed's order), never above them as if it were the newest, and
 * stays flagged so it is not shown with a made-up age. A fetch with no dated item places them at
 * the fetch time.
 */
function placeDatelessItems(items: CleanItem[], fetchedAt: Date): CleanItem[] {
  const dated = items.filter((i) => !i.dateUnknown).map((i) => i.pubDate.getTime());
  const below = Math.min(fetchedAt.getTime(), ...dated);
  let n = 0;
  return items.map((item) => (item.dateUnknown ? { ...item, pubDate: new Date(below - ++n) } : item));
}

/**
 * Inserts new items; the unique dedupe key makes a story seen in another feed a no-op. An item
 * keyed by its link replaces the stored version when it is newer. Returns the ids stored for the
 * first time.
 */
async function storeItems(db: Db, feed: FeedRow, items: CleanItem[]): Promise<string[]> {
  // Stories stored before guid-less items were keyed by link alone keep their old key.
  const legacy = items.flatMap((i) => (i.legacyKey ? [i.legacyKey] : []));
  const known = legacy.length
    ? new Set(
        (
          await db
            .select({ key: newsItems.dedupeKey })
            .from(newsItems)
            .where(inArray(newsItems.dedupeKey, legacy))
        ).map((r) => r.key),
      )
    : new Set<string>();
  const fresh = items.filter((i) => !i.legacyKey || !known.has(i.legacyKey));
  const added: string[] = [];
  for (let i = 0; i < fresh.length; i += 100) {
    const rows = await db
      .insert(newsItems)
      .values(
        fresh
          .slice(i, i + 100)
          .map(({ legacyKey: _, ...item }) => ({ ...item, feedId: feed.id, source: feed.name })),
      )
      .onConflictDoUpdate({
        target: newsItems.dedupeKey,
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          link: sql`excluded.link`,
          pubDate: sql`excluded.pub_date`,
          dateUnknown: sql`excluded.date_unknown`,
          category: sql`excluded.category`,
          language: sql`excluded.language`,
        },
        setWhere: sql`${newsItems.dedupeKey} like 'link:%' and excluded.pub_date > ${newsItems.pubDate} and not excluded.date_unknown`,
      })
      .returning({ id: newsItems.id, inserted: sql<boolean>`(xmax = 0)` });
    added.push(...rows.filter((r) => r.inserted).map((r) => r.id));
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
