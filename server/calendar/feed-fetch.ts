import { eq } from "drizzle-orm";
import { parseRetryAfter } from "#common/retry-after";
import { productUserAgent } from "#server/http/user-agent";
import type { Db } from "../db/client";
import { calendarFeedCache } from "../db/schema";
import type { Logger } from "../logger";

export type FetchOutcome =
  /** A new copy arrived (200). */
  | "fetched"
  /** The copy we hold is current (304). */
  | "not-modified"
  /** Too soon since the last fetch (or a back-off is running): nothing was requested. */
  | "skipped"
  /** 429: the last copy is kept and the next attempt waits for Retry-After (or longer). */
  | "rate-limited"
  /** Network error, timeout or another status: the last copy is kept. */
  | "failed";

export interface FeedFetchResult {
  outcome: FetchOutcome;
  /** The copy to use: the new one, or the last one kept (null if there never was one). */
  body: string | null;
  nextFetchAt: Date;
}

export interface FeedFetchOptions {
  db: Db;
  log: Logger;
  url: string;
  /** At most one request per this interval (the feed answers 429 to frequent polling). */
  minIntervalMs: number;
  timeoutMs?: number;
  now?: Date;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Checks a new copy before it replaces the last one (a 200 with an HTML error page is not a feed). */
  accept?: (body: string) => boolean;
}

const HOUR = 60 * 60 * 1000;

/**
 * One polite fetch of a calendar feed: conditional GET (ETag / Last-Modified), a short timeout,
 * the last good copy kept in the database, and a back-off after a 429 that honours Retry-After
 * and is at least twice the normal interval.
 */
export async function fetchFeed(opts: FeedFetchOptions): Promise<FeedFetchResult> {
  const { db, log, url, minIntervalMs } = opts;
  const now = opts.now ?? new Date();
  const [cached] = await db.select().from(calendarFeedCache).where(eq(calendarFeedCache.url, url));
  const body = cached?.body ?? null;
  if (cached?.nextFetchAt && cached.nextFetchAt > now) {
    return { outcome: "skipped", body, nextFetchAt: cached.nextFetchAt };
  }

  const save = async (values: Partial<typeof calendarFeedCache.$inferInsert>) => {
    await db
      .insert(calendarFeedCache)
      .values({ url, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: calendarFeedCache.url, set: { ...values, updatedAt: now } });
  };

  const headers: Record<string, string> = { accept: "application/json", "user-agent": productUserAgent() };
  if (body && cached?.etag) headers["if-none-match"] = cached.etag;
  if (body && cached?.lastModified) headers["if-modified-since"] = cached.lastModified;
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;

  let res: Response;
  try {
    res = await (opts.fetchImpl ?? fetch)(url, { headers, signal, redirect: "follow" });
  } catch (err) {
    // Offline or slow: try again within the hour, never sooner than the normal interval allows.
    const nextFetchAt = new Date(now.getTime() + Math.min(minIntervalMs, HOUR));
    await save({ nextFetchAt, lastStatus: 0 });
    log.warn({ url, err: (err as Error).message }, "calendar: feed fetch failed; keeping the last copy");
    return { outcome: "failed", body, nextFetchAt };
  }

  if (res.status === 304 && body) {
    await res.body?.cancel();
    const nextFetchAt = new Date(now.getTime() + minIntervalMs);
    await save({ nextFetchAt, fetchedAt: now, lastStatus: 304 });
    return { outcome: "not-modified", body, nextFetchAt };
  }

  if (res.status === 429) {
    await res.body?.cancel();
    const wait = Math.max(
      parseRetryAfter(res.headers.get("retry-after"), now.getTime()) ?? 0,
      2 * minIntervalMs,
    );
    const nextFetchAt = new Date(now.getTime() + wait);
    await save({ nextFetchAt, lastStatus: 429 });
    log.warn(
      { url, retryAfter: res.headers.get("retry-after"), nextFetchAt: nextFetchAt.toISOString() },
      "calendar: feed answered 429; keeping the last copy and backing off",
    );
    return { outcome: "rate-limited", body, nextFetchAt };
  }

  if (!res.ok) {
    await res.body?.cancel();
    const nextFetchAt = new Date(now.getTime() + minIntervalMs);
    await save({ nextFetchAt, lastStatus: res.status });
    log.warn({ url, status: res.status }, "calendar: feed fetch failed; keeping the last copy");
    return { outcome: "failed", body, nextFetchAt };
  }

  const text = await res.text();
  const nextFetchAt = new Date(now.getTime() + minIntervalMs);
  if (opts.accept && !opts.accept(text)) {
    await save({ nextFetchAt, lastStatus: res.status });
    log.warn({ url, bytes: text.length }, "calendar: feed sent an unreadable copy; keeping the last one");
    return { outcome: "failed", body, nextFetchAt };
  }
  await save({
    body: text,
    etag: res.headers.get("etag"),
    lastModified: res.headers.get("last-modified"),
    fetchedAt: now,
    nextFetchAt,
    lastStatus: res.status,
  });
  return { outcome: "fetched", body: text, nextFetchAt };
}
