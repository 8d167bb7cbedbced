import { and, desc, eq, lte, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { articles } from "../db/schema";
import type { Logger } from "../logger";
import { machineTranslationOnEdit } from "./machine-translation";
import { renderMarkdown } from "./markdown";
import { clampLimit, freeSlug, notFound, rethrowConflict } from "./rows";
import type { Article, ArticleSummary, ContentService } from "./types";

/** Articles: public reads see published rows whose publication time has come; the admin sees drafts too. */

type ArticleRow = typeof articles.$inferSelect;
type Articles = ContentService["articles"];

const CONFLICTS = { slug: "Another article already uses this slug." };

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  section: articles.section,
  title: articles.title,
  excerpt: articles.excerpt,
  titleAr: articles.titleAr,
  excerptAr: articles.excerptAr,
  arMachineTranslated: articles.arMachineTranslated,
  category: articles.category,
  priority: articles.priority,
  bankName: articles.bankName,
  published: articles.published,
  publishedAt: articles.publishedAt,
};

function toArticle(row: ArticleRow): Article {
  const { createdAt: _created, ...rest } = row;
  return {
    ...rest,
    bodyHtml: renderMarkdown(row.bodyMarkdown),
    bodyHtmlAr: row.bodyMarkdownAr ? renderMarkdown(row.bodyMarkdownAr) : null,
  };
}

const isLive = (): SQL => and(eq(articles.published, true), lte(articles.publishedAt, new Date()))!;

const rowValues = (input: Parameters<Articles["create"]>[0], slug: string) => ({
  section: input.section,
  title: input.title,
  slug,
  excerpt: input.excerpt ?? "",
  bodyMarkdown: input.bodyMarkdown ?? "",
  titleAr: input.titleAr || null,
  excerptAr: input.excerptAr || null,
  bodyMarkdownAr: input.bodyMarkdownAr || null,
  category: input.category ?? null,
  priority: input.priority ?? null,
  bankName: input.bankName ?? null,
  published: input.published ?? true,
  publishedAt: input.publishedAt ?? new Date(),
  authorId: input.authorId ?? null,
});

export function articleStore(db: Db, log: Logger): Articles {
  async function articleWhere(where: SQL): Promise<Article> {
    const [row] = await db.select().from(articles).where(where).limit(1);
    if (!row) throw notFound("article", "Article not found");
    return toArticle(row);
  }

  return {
    async list(opts = {}) {
      const where: SQL[] = [];
      if (opts.section) where.push(eq(articles.section, opts.section));
      if (!opts.includeDrafts) where.push(isLive());
      return (await db
        .select(summaryColumns)
        .from(articles)
        .where(and(...where))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(clampLimit(opts.limit, 50))
        .offset(Math.max(opts.offset ?? 0, 0))) as ArticleSummary[];
    },
    get: (slug, opts = {}) =>
      articleWhere(opts.includeDrafts ? eq(articles.slug, slug) : and(eq(articles.slug, slug), isLive())!),
    getById: (id) => articleWhere(eq(articles.id, id)),
    async create(input) {
      const slug = input.slug || (await freeSlug(db, articles.slug, articles, input.title));
      try {
        const [row] = await db.insert(articles).values(rowValues(input, slug)).returning();
        log.info({ slug, section: input.section }, "article created");
        return toArticle(row!);
      } catch (err) {
        rethrowConflict(err, CONFLICTS);
      }
    },
    async update(id, patch) {
      const { slug, publishedAt, ...rest } = patch;
      const [current] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
      const set = {
        ...rest,
        ...(slug ? { slug } : {}),
        ...(publishedAt ? { publishedAt } : {}),
        ...(current ? machineTranslationOnEdit(current, rest) : {}),
        updatedAt: new Date(),
      };
      try {
        const [row] = await db.update(articles).set(set).where(eq(articles.id, id)).returning();
        if (!row) throw notFound("article", "Article not found");
        return toArticle(row);
      } catch (err) {
        rethrowConflict(err, CONFLICTS);
      }
    },
    async delete(id) {
      const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
      if (rows.length === 0) throw notFound("article", "Article not found");
    },
  };
}
