import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { disclosureFeeds } from "../db/schema";
import type { Logger } from "../logger";
import { fetchFeed } from "../news/fetcher";
import { type ItemNote, normalizeItem } from "../news/normalize";
import { FeedError, parseFeed } from "../news/parser";
import { safeLink } from "../news/sanitizer";
import { createSymbolMapper, type MappedListing } from "./mapping";
import { type FeedRow, insertDisclosures, type NewDisclosure } from "./store";

export interface PollDeps {
  db: Db;
  log: Logger;
  pollIntervalMs: number;
  allowPrivateAddresses?: boolean;
  listings(exchange: string): Promise<MappedListing[]>;
  /** Called in the poll's transaction with the rows stored for the first time (the watchers' notices). */
  onNew(tx: Db, added: Array<{ id: string; symbol: string; title: string }>, now: Date): Promise<void>;
}

export interface PollReport {
  status: "ok" | "not-modified" | "error";
  added: number;
  unmapped: number;
  error?: string;
}

const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

/** The feed's items that name a listed company, cleaned like news items (sanitised text, safe link, a real date). */
async function readItems(deps: PollDeps, feed: FeedRow, body: string, now: Date) {
  const parsed = parseFeed(body);
  const mapSymbol = createSymbolMapper(feed, await deps.listings(feed.exchange));
  const siteUrl = parsed.siteLink ? (safeLink(parsed.siteLink, feed.url) ?? undefined) : undefined;
  const notes: ItemNote[] = [];
  const rows = new Map<string, NewDisclosure>();
  let unmapped = 0;
  for (const raw of parsed.items) {
    const symbol = mapSymbol(raw);
    const item = symbol
      ? normalizeItem(raw, { id: feed.id, url: feed.url, category: "markets", siteUrl }, now, notes)
      : null;
    if (!symbol || !item) {
      unmapped += symbol ? 0 : 1;
      continue;
    }
    // The guid or link names one announcement; the same one in the English and Arabic feeds
    // differs in both, so each language keeps its own row.
    // The same announcement twice in one feed: the first is kept unless the later one is newer.
    const earlier = rows.get(item.dedupeKey);
    if (earlier && !(item.pubDate > earlier.publishedAt!)) continue;
    rows.set(item.dedupeKey, {
      feedId: feed.id,
      symbol,
      dedupeKey: `${feed.id}:${item.dedupeKey}`,
      title: item.title,
      description: item.description,
      link: item.link,
      publishedAt: item.pubDate,
      dateUnknown: item.dateUnknown,
      language: feed.language,
    });
  }
  for (const note of notes)
    deps.log.info({ feed: feed.url, item: note.title }, `disclosure item: ${note.reason}`);
  return { rows: [...rows.values()], unmapped };
}

/** Polls one feed: new announcements and their watchers' notices in one transaction; a failure only backs off. */
export async function pollDisclosureFeed(
  deps: PollDeps,
  feed: FeedRow,
  now = new Date(),
): Promise<PollReport> {
  try {
    const fetched = await fetchFeed(feed.url, {
      etag: feed.etag,
      lastModified: feed.lastModified,
      allowPrivateAddresses: deps.allowPrivateAddresses,
    });
    const healthy = {
      lastFetchedAt: now,
      lastError: null,
      failures: 0,
      nextPollAt: new Date(now.getTime() + deps.pollIntervalMs),
    };
    if (fetched.status === "not-modified") {
      await deps.db.update(disclosureFeeds).set(healthy).where(eq(disclosureFeeds.id, feed.id));
      return { status: "not-modified", added: 0, unmapped: 0 };
    }
    const { rows, unmapped } = await readItems(deps, feed, fetched.body, now);
    const added = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const stored = await insertDisclosures(tx, rows);
      await deps.onNew(tx, stored, now);
      await tx
        .update(disclosureFeeds)
        .set({ ...healthy, etag: fetched.etag, lastModified: fetched.lastModified })
        .where(eq(disclosureFeeds.id, feed.id));
      return stored.length;
    });
    deps.log.info({ feed: feed.url, added, unmapped }, "disclosure feed polled");
    return { status: "ok", added, unmapped };
  } catch (err) {
    const reason = err instanceof FeedError ? err.reason : `unexpected: ${(err as Error).message}`;
    const failures = feed.failures + 1;
    const wait = Math.min(MAX_BACKOFF_MS, deps.pollIntervalMs * 2 ** Math.min(failures, 16));
    await deps.db
      .update(disclosureFeeds)
      .set({
        lastFetchedAt: now,
        lastError: reason.slice(0, 500),
        failures,
        nextPollAt: new Date(now.getTime() + wait),
      })
      .where(eq(disclosureFeeds.id, feed.id));
    deps.log.warn({ feed: feed.url, reason, failures }, "disclosure feed rejected");
    return { status: "error", added: 0, unmapped: 0, error: reason };
  }
}
