import { and, desc, eq, inArray } from "drizzle-orm";
import type { Disclosure, DisclosureFeed, DisclosureFeedInput } from "#common/disclosures";
import { AppError } from "#common/errors";
import { recordAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { disclosureFeeds, disclosures } from "../db/schema";

export type FeedRow = typeof disclosureFeeds.$inferSelect;
export type NewDisclosure = typeof disclosures.$inferInsert;

export const toFeed = (f: FeedRow): DisclosureFeed => ({
  id: f.id,
  name: f.name,
  url: f.url,
  exchange: f.exchange,
  language: f.language,
  field: f.field,
  pattern: f.pattern,
  match: f.match,
  enabled: f.enabled,
  lastFetchedAt: f.lastFetchedAt?.toISOString() ?? null,
  lastError: f.lastError,
});

/** Stores new announcements; one already stored (same key) is left as it is. Returns the new rows. */
export async function insertDisclosures(db: Db, rows: NewDisclosure[]) {
  if (rows.length === 0) return [];
  return db
    .insert(disclosures)
    .values(rows)
    .onConflictDoNothing({ target: disclosures.dedupeKey })
    .returning({ id: disclosures.id, symbol: disclosures.symbol, title: disclosures.title });
}

/** One company's announcements, newest first, with the feed each came from. */
export async function readDisclosures(db: Db, symbol: string, limit: number): Promise<Disclosure[]> {
  const rows = await db
    .select({ d: disclosures, source: disclosureFeeds.name })
    .from(disclosures)
    .innerJoin(disclosureFeeds, eq(disclosureFeeds.id, disclosures.feedId))
    .where(eq(disclosures.symbol, symbol))
    .orderBy(desc(disclosures.publishedAt), desc(disclosures.createdAt))
    .limit(limit);
  return rows.map(({ d, source }) => ({
    id: d.id,
    symbol: d.symbol,
    title: d.title,
    description: d.description,
    link: d.link,
    publishedAt: d.publishedAt.toISOString(),
    dateUnknown: d.dateUnknown,
    language: d.language,
    source,
  }));
}

/** The keys among these that are already stored (so a re-poll reports them as duplicates). */
export async function storedKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ k: disclosures.dedupeKey })
    .from(disclosures)
    .where(and(inArray(disclosures.dedupeKey, keys)));
  return new Set(rows.map((r) => r.k));
}

/**
 * Creates or edits a feed (one per address) with the editor's audit entry in one transaction; a
 * saved feed is due at once, its failures forgotten.
 */
export async function saveFeed(db: Db, actorId: string, input: DisclosureFeedInput): Promise<DisclosureFeed> {
  const values = { ...input, id: undefined, nextPollAt: new Date(), failures: 0, updatedAt: new Date() };
  const saved = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = input.id
      ? await tx.update(disclosureFeeds).set(values).where(eq(disclosureFeeds.id, input.id)).returning()
      : await tx
          .insert(disclosureFeeds)
          .values(values)
          .onConflictDoUpdate({ target: disclosureFeeds.url, set: values })
          .returning();
    if (!row) throw new AppError("not_found:disclosure_feed", "Feed not found.");
    await recordAudit(tx, {
      actorId,
      action: "disclosures.feed.save",
      target: row.id,
      details: { url: row.url },
    });
    return row;
  });
  return toFeed(saved);
}
