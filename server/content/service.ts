import { and, asc, desc, eq, like, lte, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { slugify } from "#common/admin/forms";
import { AppError } from "#common/errors";
import type { NewsService } from "#server/news/types";
import type { Db } from "../db/client";
import { articles, blacklistEntries, brokers } from "../db/schema";
import type { Logger } from "../logger";
import { renderMarkdown } from "./markdown";
import {
  type Article,
  type ArticleListOptions,
  type ArticleSummary,
  type BlacklistEntry,
  type Broker,
  type ContentService,
  NEWS_SECTIONS,
  type NewsSection,
} from "./types";

export interface ContentDeps {
  db: Db;
  log: Logger;
  /** Ingested items for the news pages; without it they show the articles alone. */
  news?: NewsService;
}

const MAX_LIMIT = 200;
const clampLimit = (n: number | undefined, fallback: number) =>
  Math.min(Math.max(n ?? fallback, 1), MAX_LIMIT);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type ArticleRow = typeof articles.$inferSelect;
type BrokerRow = typeof brokers.$inferSelect;
type BlacklistRow = typeof blacklistEntries.$inferSelect;

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  section: articles.section,
  title: articles.title,
  excerpt: articles.excerpt,
  titleAr: articles.titleAr,
  excerptAr: articles.excerptAr,
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

function toBroker(row: BrokerRow): Broker {
  const { createdAt: _created, ...rest } = row;
  return { ...rest, rating: Number(row.rating) };
}

function toBlacklist(row: BlacklistRow): BlacklistEntry {
  const { createdAt: _created, ...rest } = row;
  return rest;
}

/** The unique column a Postgres 23505 error names, through drizzle's wrapping. */
function uniqueViolation(err: unknown): string | null {
  for (let e: any = err; e; e = e.cause) {
    if (e.code === "23505") return /Key \(([^)]+)\)/.exec(String(e.detail ?? ""))?.[1] ?? "unknown";
  }
  return null;
}

function rethrowConflict(err: unknown, messages: Record<string, string>): never {
  const column = uniqueViolation(err);
  if (column === null) throw err;
  const message = messages[column] ?? "This value is already taken.";
  throw new AppError("conflict:content", message, { [column in messages ? column : "form"]: message });
}

/** A free slug for a title: "title", then "title-2", "title-3"... */
async function freeSlug(db: Db, column: PgColumn, table: any, title: string): Promise<string> {
  const base = slugify(title);
  const rows = (await db
    .select({ slug: column })
    .from(table)
    .where(or(eq(column, base), like(column, `${escapeLike(base)}-%`)))) as Array<{ slug: string }>;
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const notFound = (what: "article" | "broker" | "blacklist", message: string) =>
  new AppError(`not_found:${what}`, message);

export function createContent(deps: ContentDeps): ContentService {
  const { db, log } = deps;
  const isLive = (): SQL => and(eq(articles.published, true), lte(articles.publishedAt, new Date()))!;
  const ARTICLE_CONFLICTS = { slug: "Another article already uses this slug." };
  const BROKER_CONFLICTS = { slug: "Another broker already uses this slug." };
  const BLACKLIST_CONFLICTS = { name: "This broker is already on the blacklist." };

  async function articleWhere(where: SQL): Promise<Article> {
    const [row] = await db.select().from(articles).where(where).limit(1);
    if (!row) throw notFound("article", "Article not found");
    return toArticle(row);
  }

  async function listArticles(opts: ArticleListOptions = {}) {
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
  }

  async function listBrokers(opts: { limit?: number; includeHidden?: boolean } = {}) {
    const rows = await db
      .select()
      .from(brokers)
      .where(opts.includeHidden ? undefined : eq(brokers.published, true))
      .orderBy(asc(brokers.sortOrder), asc(brokers.name))
      .limit(clampLimit(opts.limit, 50));
    return rows.map(toBroker);
  }

  const service: ContentService = {
    renderMarkdown,

    articles: {
      list: listArticles,
      get: (slug, opts = {}) =>
        articleWhere(opts.includeDrafts ? eq(articles.slug, slug) : and(eq(articles.slug, slug), isLive())!),
      getById: (id) => articleWhere(eq(articles.id, id)),
      async create(input) {
        const slug = input.slug || (await freeSlug(db, articles.slug, articles, input.title));
        try {
          const [row] = await db
            .insert(articles)
            .values({
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
            })
            .returning();
          log.info({ slug, section: input.section }, "article created");
          return toArticle(row!);
        } catch (err) {
          rethrowConflict(err, ARTICLE_CONFLICTS);
        }
      },
      async update(id, patch) {
        const { slug, publishedAt, ...rest } = patch;
        const set = {
          ...rest,
          ...(slug ? { slug } : {}),
          ...(publishedAt ? { publishedAt } : {}),
          updatedAt: new Date(),
        };
        try {
          const [row] = await db.update(articles).set(set).where(eq(articles.id, id)).returning();
          if (!row) throw notFound("article", "Article not found");
          return toArticle(row);
        } catch (err) {
          rethrowConflict(err, ARTICLE_CONFLICTS);
        }
      },
      async delete(id) {
        const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
        if (rows.length === 0) throw notFound("article", "Article not found");
      },
    },

    brokers: {
      list: listBrokers,
      async get(idOrSlug) {
        const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
        const [row] = await db
          .select()
          .from(brokers)
          .where(isUuid ? eq(brokers.id, idOrSlug) : eq(brokers.slug, idOrSlug))
          .limit(1);
        if (!row) throw notFound("broker", "Broker not found");
        return toBroker(row);
      },
      async create(input) {
        const slug = input.slug || (await freeSlug(db, brokers.slug, brokers, input.name));
        try {
          const [row] = await db
            .insert(brokers)
            .values({
              name: input.name,
              slug,
              rating: input.rating,
              regulators: input.regulators ?? [],
              minDeposit: input.minDeposit,
              spread: input.spread,
              features: input.features ?? [],
              url: input.url ?? null,
              description: input.description ?? "",
              descriptionAr: input.descriptionAr || null,
              sortOrder: input.sortOrder ?? 0,
              published: input.published ?? true,
            })
            .returning();
          return toBroker(row!);
        } catch (err) {
          rethrowConflict(err, BROKER_CONFLICTS);
        }
      },
      async update(id, patch) {
        const { slug, ...rest } = patch;
        try {
          const [row] = await db
            .update(brokers)
            .set({ ...rest, ...(slug ? { slug } : {}) })
            .where(eq(brokers.id, id))
            .returning();
          if (!row) throw notFound("broker", "Broker not found");
          return toBroker(row);
        } catch (err) {
          rethrowConflict(err, BROKER_CONFLICTS);
        }
      },
      async delete(id) {
        const rows = await db.delete(brokers).where(eq(brokers.id, id)).returning({ id: brokers.id });
        if (rows.length === 0) throw notFound("broker", "Broker not found");
      },
    },

    blacklist: {
      async list(opts = {}) {
        const rows = await db
          .select()
          .from(blacklistEntries)
          .orderBy(desc(blacklistEntries.dateAdded), asc(blacklistEntries.name))
          .limit(clampLimit(opts.limit, 100));
        return rows.map(toBlacklist);
      },
      async get(id) {
        const [row] = await db.select().from(blacklistEntries).where(eq(blacklistEntries.id, id)).limit(1);
        if (!row) throw notFound("blacklist", "Blacklist entry not found");
        return toBlacklist(row);
      },
      async create(input) {
        try {
          const [row] = await db
            .insert(blacklistEntries)
            .values({
              name: input.name,
              reason: input.reason,
              warning: input.warning,
              reasonAr: input.reasonAr || null,
              warningAr: input.warningAr || null,
              severity: input.severity,
              regulator: input.regulator ?? null,
              dateAdded: input.dateAdded ?? new Date(),
            })
            .returning();
          return toBlacklist(row!);
        } catch (err) {
          rethrowConflict(err, BLACKLIST_CONFLICTS);
        }
      },
      async update(id, patch) {
        const { dateAdded, ...rest } = patch;
        try {
          const [row] = await db
            .update(blacklistEntries)
            .set({ ...rest, ...(dateAdded ? { dateAdded } : {}) })
            .where(eq(blacklistEntries.id, id))
            .returning();
          if (!row) throw notFound("blacklist", "Blacklist entry not found");
          return toBlacklist(row);
        } catch (err) {
          rethrowConflict(err, BLACKLIST_CONFLICTS);
        }
      },
      async delete(id) {
        const rows = await db
          .delete(blacklistEntries)
          .where(eq(blacklistEntries.id, id))
          .returning({ id: blacklistEntries.id });
        if (rows.length === 0) throw notFound("blacklist", "Blacklist entry not found");
      },
    },

    async newsPage(section, opts = {}) {
      const [editorial, latest] = await Promise.all([
        listArticles({ section, limit: 20 }),
        latestIngested(section, clampLimit(opts.latestLimit, 12)),
      ]);
      return { section, articles: editorial, latest };
    },

    async home() {
      const [columns, recommended] = await Promise.all([
        Promise.all(
          NEWS_SECTIONS.map(async (section) => ({
            section,
            articles: await listArticles({ section, limit: 2 }),
          })),
        ),
        listBrokers({ limit: 4 }),
      ]);
      return { latestNews: columns, brokers: recommended };
    },
  };

  /** The news page still renders its articles when ingestion is missing or failing. */
  async function latestIngested(section: NewsSection, limit: number) {
    const { news } = deps;
    if (!news) return [];
    try {
      return await news.latest({ category: section, limit });
    } catch (err) {
      log.error({ err, section }, "latest news for the news page failed");
      return [];
    }
  }

  return service;
}
