import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { anyFillable, filledValue, type ShippedTranslation } from "#server/db/fill-translations";
import { articles, blacklistEntries, brokers } from "../db/schema";
import { SEED_ARTICLES, SEED_BLACKLIST, SEED_BROKERS } from "./seed-data";
import { SEED_ARTICLES_AR, SEED_BLACKLIST_AR, SEED_BROKERS_AR } from "./seed-data-ar";

const HOUR = 3_600_000;

/**
 * Demo articles, brokers and blacklist entries with their Arabic versions; idempotent (existing
 * slugs and names are kept), then the Arabic filled into rows seeded before it shipped.
 */
export async function seedContent({ db }: { db: Db }): Promise<number> {
  const now = Date.now();
  const added = await Promise.all([
    db
      .insert(articles)
      .values(
        SEED_ARTICLES.map(({ hoursAgo, ...a }) => ({
          ...a,
          ...SEED_ARTICLES_AR[a.slug],
          excerpt: a.excerpt ?? "",
          bodyMarkdown: a.bodyMarkdown ?? "",
          publishedAt: new Date(now - hoursAgo * HOUR),
        })),
      )
      .onConflictDoNothing({ target: articles.slug })
      .returning({ id: articles.id }),
    db
      .insert(brokers)
      .values(SEED_BROKERS.map((b) => ({ ...b, ...SEED_BROKERS_AR[b.slug] })))
      .onConflictDoNothing({ target: brokers.slug })
      .returning({ id: brokers.id }),
    db
      .insert(blacklistEntries)
      .values(
        SEED_BLACKLIST.map(({ daysAgo, ...b }) => ({
          ...b,
          ...SEED_BLACKLIST_AR[b.name],
          dateAdded: new Date(now - daysAgo * 24 * HOUR),
        })),
      )
      .onConflictDoNothing({ target: blacklistEntries.name })
      .returning({ id: blacklistEntries.id }),
  ]);
  return added.reduce((n, rows) => n + rows.length, 0) + (await fillShippedArabic(db));
}

/** Rows seeded before the Arabic shipped get it, field by field, unless an editor got there first. */
async function fillShippedArabic(db: Db): Promise<number> {
  let filled = 0;
  for (const a of SEED_ARTICLES) {
    const ar = SEED_ARTICLES_AR[a.slug];
    if (!ar) continue;
    const [title, excerpt, body]: ShippedTranslation[] = [
      { source: articles.title, shipped: a.title, target: articles.titleAr, text: ar.titleAr },
      { source: articles.excerpt, shipped: a.excerpt ?? "", target: articles.excerptAr, text: ar.excerptAr },
      {
        source: articles.bodyMarkdown,
        shipped: a.bodyMarkdown ?? "",
        target: articles.bodyMarkdownAr,
        text: ar.bodyMarkdownAr,
      },
    ];
    const rows = await db
      .update(articles)
      .set({
        titleAr: filledValue(title!),
        excerptAr: filledValue(excerpt!),
        bodyMarkdownAr: filledValue(body!),
      })
      .where(anyFillable(eq(articles.slug, a.slug), [title!, excerpt!, body!]))
      .returning({ id: articles.id });
    filled += rows.length;
  }
  for (const b of SEED_BROKERS) {
    const ar = SEED_BROKERS_AR[b.slug];
    if (!ar) continue;
    const description: ShippedTranslation = {
      source: brokers.description,
      shipped: b.description ?? "",
      target: brokers.descriptionAr,
      text: ar.descriptionAr,
    };
    const rows = await db
      .update(brokers)
      .set({ descriptionAr: filledValue(description) })
      .where(anyFillable(eq(brokers.slug, b.slug), [description]))
      .returning({ id: brokers.id });
    filled += rows.length;
  }
  return filled + (await fillBlacklistArabic(db));
}

async function fillBlacklistArabic(db: Db): Promise<number> {
  let filled = 0;
  for (const b of SEED_BLACKLIST) {
    const ar = SEED_BLACKLIST_AR[b.name];
    if (!ar) continue;
    const reason = {
      source: blacklistEntries.reason,
      shipped: b.reason,
      target: blacklistEntries.reasonAr,
      text: ar.reasonAr,
    };
    const warning = {
      source: blacklistEntries.warning,
      shipped: b.warning,
      target: blacklistEntries.warningAr,
      text: ar.warningAr,
    };
    const rows = await db
      .update(blacklistEntries)
      .set({ reasonAr: filledValue(reason), warningAr: filledValue(warning) })
      .where(anyFillable(eq(blacklistEntries.name, b.name), [reason, warning]))
      .returning({ id: blacklistEntries.id });
    filled += rows.length;
  }
  return filled;
}
