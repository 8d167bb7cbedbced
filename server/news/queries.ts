import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { educationCards, newsAnalyses, newsFeeds, newsItems } from "../db/schema";
import type { ItemAnalysis } from "./analysis/types";
import type { NewsItem } from "./types";

export type StoredItem = NewsItem & { language: "ar" | "en" };

const MAX_LIMIT = 100;

function likePattern(word: string) {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Newest first; `topic` matches any of its words in the title or description. With `language`, the
 * items in that language come first (each group newest first) and the other language's only fill
 * the rest: a reader's page shows news in their language before anything it must label as foreign.
 */
export async function latestItems(
  db: Db,
  opts: { topic?: string; category?: string; limit?: number; language?: "ar" | "en" } = {},
): Promise<StoredItem[]> {
  const where: SQL[] = [];
  if (opts.category) where.push(eq(newsItems.category, opts.category));
  const words = (opts.topic ?? "")
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => w.length >= 2)
    .slice(0, 8);
  if (words.length) {
    const any = words.flatMap((w) => {
      // Latin words match at a word start ("bank" finds "banks", not "embankment"); Arabic words
      // carry prefixes ("والنفط"), so they match anywhere.
      if (/[\u0600-\u06ff]/.test(w)) {
        return [ilike(newsItems.title, likePattern(w)), ilike(newsItems.description, likePattern(w))];
      }
      const re = `\\m${w.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}`;
      return [sql`${newsItems.title} ~* ${re}`, sql`${newsItems.description} ~* ${re}`];
    });
    where.push(or(...any)!);
  }
  const rows = await db
    .select()
    .from(newsItems)
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      ...(opts.language ? [sql`(${newsItems.language} = ${opts.language}) desc`] : []),
      desc(newsItems.pubDate),
      desc(newsItems.createdAt),
    )
    .limit(Math.min(Math.max(opts.limit ?? 20, 1), MAX_LIMIT));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    link: r.link,
    pubDate: r.pubDate,
    source: r.source,
    category: r.category,
    guid: r.guid,
    language: r.language === "ar" ? "ar" : "en",
  }));
}

export type CachedAnalysis = ItemAnalysis & { itemId: string; createdAt: Date };

export async function cachedAnalyses(db: Db, itemIds: string[]): Promise<Map<string, CachedAnalysis>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db.select().from(newsAnalyses).where(inArray(newsAnalyses.itemId, itemIds));
  return new Map(rows.map((r) => [r.itemId, r]));
}

export async function saveAnalysis(db: Db, itemId: string, a: ItemAnalysis): Promise<CachedAnalysis> {
  const values = { itemId, ...a, createdAt: new Date() };
  await db
    .insert(newsAnalyses)
    .values(values)
    .onConflictDoUpdate({
      target: newsAnalyses.itemId,
      set: {
        summary: a.summary,
        keyPoints: a.keyPoints,
        sentiment: a.sentiment,
        confidence: a.confidence,
        marketImpact: a.marketImpact,
        sectors: a.sectors,
        engine: a.engine,
        createdAt: values.createdAt,
      },
    });
  return values;
}

export async function listFeeds(db: Db) {
  return db.select().from(newsFeeds).orderBy(asc(newsFeeds.name));
}

export interface EducationCard {
  slug: string;
  section: string;
  title: string;
  body: string;
  /** The editor's Arabic version; null when none was written (the page then shows the English). */
  titleAr: string | null;
  bodyAr: string | null;
}

export async function listEducation(db: Db): Promise<EducationCard[]> {
  return db
    .select({
      slug: educationCards.slug,
      section: educationCards.section,
      title: educationCards.title,
      body: educationCards.body,
      titleAr: educationCards.titleAr,
      bodyAr: educationCards.bodyAr,
    })
    .from(educationCards)
    .orderBy(asc(educationCards.section), asc(educationCards.sortOrder));
}
