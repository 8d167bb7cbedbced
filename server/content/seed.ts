import type { Db } from "#server/db/client";
import { articles, blacklistEntries, brokers } from "../db/schema";
import { SEED_ARTICLES, SEED_BLACKLIST, SEED_BROKERS } from "./seed-data";

const HOUR = 3_600_000;

/** Demo articles, brokers and blacklist entries; idempotent (existing slugs and names are kept). */
export async function seedContent({ db }: { db: Db }): Promise<number> {
  const now = Date.now();
  const added = await Promise.all([
    db
      .insert(articles)
      .values(
        SEED_ARTICLES.map(({ hoursAgo, ...a }) => ({
          ...a,
          excerpt: a.excerpt ?? "",
          bodyMarkdown: a.bodyMarkdown ?? "",
          publishedAt: new Date(now - hoursAgo * HOUR),
        })),
      )
      .onConflictDoNothing({ target: articles.slug })
      .returning({ id: articles.id }),
    db
      .insert(brokers)
      .values(SEED_BROKERS)
      .onConflictDoNothing({ target: brokers.slug })
      .returning({ id: brokers.id }),
    db
      .insert(blacklistEntries)
      .values(
        SEED_BLACKLIST.map(({ daysAgo, ...b }) => ({ ...b, dateAdded: new Date(now - daysAgo * 24 * HOUR) })),
      )
      .onConflictDoNothing({ target: blacklistEntries.name })
      .returning({ id: blacklistEntries.id }),
  ]);
  return added.reduce((n, rows) => n + rows.length, 0);
}
