import { asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type ContentEntity, type ContentInput, slugify } from "#common/admin/forms";
import { AppError } from "#common/errors";
import type { Db } from "#server/db/client";
import {
  articles,
  blacklistEntries,
  brokers,
  economicEvents,
  educationCards,
  newsFeeds,
} from "#server/db/schema";

/** How the admin area reads and writes one kind of content. */
interface EntityDef {
  table: PgTable & { id: PgColumn };
  /** Used in messages and the audit log. */
  noun: string;
  titleOf(row: Record<string, unknown>): string;
  search: PgColumn[];
  order: SQL[];
  /** Column holding a slug generated from the title when left blank. */
  slug?: { column: PgColumn; from: string };
  /** Unique columns -> the form field and message shown when taken. */
  unique: Record<string, { field: string; message: string }>;
  toInsert(input: any, ctx: { actorId: string }): Record<string, unknown>;
  toUpdate(input: any): Record<string, unknown>;
}

const dropNullSlug = (input: Record<string, unknown>) => {
  const { slug, ...rest } = input;
  return slug ? { ...rest, slug } : rest;
};

const ENTITY_DEFS: Record<ContentEntity, EntityDef> = {
  articles: {
    table: articles,
    noun: "article",
    titleOf: (r) => String(r.title),
    search: [articles.title, articles.slug, articles.category],
    order: [desc(articles.publishedAt), desc(articles.id)],
    slug: { column: articles.slug, from: "title" },
    unique: { slug: { field: "slug", message: "Another article already uses this slug." } },
    toInsert: (i: ContentInput<"articles">, { actorId }) => ({
      ...i,
      publishedAt: i.publishedAt ?? new Date(),
      authorId: actorId,
    }),
    toUpdate: (i: ContentInput<"articles">) => {
      const { publishedAt, ...rest } = dropNullSlug(i) as ContentInput<"articles">;
      return { ...rest, ...(publishedAt ? { publishedAt } : {}), updatedAt: new Date() };
    },
  },
  brokers: {
    table: brokers,
    noun: "broker",
    titleOf: (r) => String(r.name),
    search: [brokers.name, brokers.slug],
    order: [asc(brokers.sortOrder), asc(brokers.name)],
    slug: { column: brokers.slug, from: "name" },
    unique: { slug: { field: "slug", message: "Another broker already uses this slug." } },
    toInsert: (i: ContentInput<"brokers">) => ({ ...i }),
    toUpdate: (i: ContentInput<"brokers">) => dropNullSlug(i),
  },
  blacklist: {
    table: blacklistEntries,
    noun: "blacklist entry",
    titleOf: (r) => String(r.name),
    search: [blacklistEntries.name, blacklistEntries.reason],
    order: [desc(blacklistEntries.dateAdded), desc(blacklistEntries.id)],
    unique: { name: { field: "name", message: "This broker is already on the blacklist." } },
    toInsert: (i: ContentInput<"blacklist">) => ({ ...i, dateAdded: i.dateAdded ?? new Date() }),
    toUpdate: (i: ContentInput<"blacklist">) => {
      const { dateAdded, ...rest } = i;
      return { ...rest, ...(dateAdded ? { dateAdded } : {}) };
    },
  },
  events: {
    table: economicEvents,
    noun: "calendar event",
    titleOf: (r) => String(r.title),
    search: [economicEvents.title, economicEvents.country, economicEvents.category],
    order: [desc(economicEvents.startsAt), desc(economicEvents.id)],
    unique: {},
    toInsert: (i: ContentInput<"events">) => ({ ...i }),
    toUpdate: (i: ContentInput<"events">) => ({ ...i }),
  },
  education: {
    table: educationCards,
    noun: "education card",
    titleOf: (r) => String(r.title),
    search: [educationCards.title, educationCards.section],
    order: [asc(educationCards.section), asc(educationCards.sortOrder), asc(educationCards.title)],
    slug: { column: educationCards.slug, from: "title" },
    unique: { slug: { field: "slug", message: "Another education card already uses this slug." } },
    toInsert: (i: ContentInput<"education">) => ({ ...i }),
    toUpdate: (i: ContentInput<"education">) => dropNullSlug(i),
  },
  feeds: {
    table: newsFeeds,
    noun: "feed",
    titleOf: (r) => String(r.name),
    search: [newsFeeds.name, newsFeeds.url, newsFeeds.category],
    order: [asc(newsFeeds.name), asc(newsFeeds.id)],
    unique: { url: { field: "url", message: "This feed is already in the list." } },
    toInsert: (i: ContentInput<"feeds">) => ({ ...i, nextFetchAt: new Date() }),
    toUpdate: (i: ContentInput<"feeds">) => ({ ...i }),
  },
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listContent(
  db: Db,
  entity: ContentEntity,
  { query, page, pageSize }: { query?: string; page: number; pageSize: number },
) {
  const def = ENTITY_DEFS[entity];
  const q = query?.trim();
  const where = q ? or(...def.search.map((c) => ilike(c, `%${escapeLike(q)}%`))) : undefined;
  const rows = (await db
    .select()
    .from(def.table as any)
    .where(where)
    .orderBy(...def.order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as Array<Record<string, unknown> & { id: string }>;
  const [{ total }] = await db
    .select({ total: count() })
    .from(def.table as any)
    .where(where);
  return { rows, total };
}

export async function getContent(db: Db, entity: ContentEntity, id: string) {
  const def = ENTITY_DEFS[entity];
  const [row] = (await db
    .select()
    .from(def.table as any)
    .where(eq(def.table.id, id))) as Array<Record<string, unknown> & { id: string }>;
  return row ?? null;
}

/** The unique column a Postgres 23505 error names ("Key (slug)=(x) already exists."). */
function uniqueViolation(err: unknown): string | null {
  for (let e: any = err; e; e = e.cause) {
    if (e.code === "23505") {
      const column = /Key \(([^)]+)\)/.exec(String(e.detail ?? ""))?.[1];
      return column ?? "unknown";
    }
  }
  return null;
}

const COLUMN_TO_FIELD: Record<string, string> = { slug: "slug", name: "name", url: "url" };

function conflictError(def: EntityDef, err: unknown): never {
  const column = uniqueViolation(err);
  if (column === null) throw err;
  const field = COLUMN_TO_FIELD[column] ?? column;
  const hit = def.unique[field];
  const message = hit?.message ?? `Another ${def.noun} already uses this value.`;
  throw new AppError("conflict:content", message, { [hit?.field ?? "form"]: message });
}

/** A free slug from the title: "title", then "title-2", "title-3"... */
async function freeSlug(db: Db, def: EntityDef, title: string): Promise<string> {
  const base = slugify(title);
  const column = def.slug!.column;
  const taken = new Set(
    (
      (await db
        .select({ slug: column })
        .from(def.table as any)
        .where(sql`${column} = ${base} or ${column} like ${`${escapeLike(base)}-%`}`)) as Array<{
        slug: string;
      }>
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createContent<E extends ContentEntity>(
  db: Db,
  entity: E,
  input: ContentInput<E>,
  ctx: { actorId: string },
) {
  const def = ENTITY_DEFS[entity];
  const values = def.toInsert(input, ctx);
  if (def.slug && !values.slug) values.slug = await freeSlug(db, def, String(values[def.slug.from]));
  try {
    const [row] = (await db
      .insert(def.table)
      .values(values as any)
      .returning()) as Array<Record<string, unknown> & { id: string }>;
    return { row: row!, title: def.titleOf(row!) };
  } catch (err) {
    conflictError(def, err);
  }
}

export async function updateContent<E extends ContentEntity>(
  db: Db,
  entity: E,
  id: string,
  input: ContentInput<E>,
) {
  const def = ENTITY_DEFS[entity];
  try {
    const rows = (await db
      .update(def.table)
      .set(def.toUpdate(input) as any)
      .where(eq(def.table.id, id))
      .returning()) as Array<Record<string, unknown> & { id: string }>;
    if (!rows[0]) throw new AppError("not_found:content", `That ${def.noun} no longer exists.`);
    return { row: rows[0], title: def.titleOf(rows[0]) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    conflictError(def, err);
  }
}

export async function deleteContent(db: Db, entity: ContentEntity, id: string) {
  const def = ENTITY_DEFS[entity];
  const rows = (await db.delete(def.table).where(eq(def.table.id, id)).returning()) as Array<
    Record<string, unknown>
  >;
  if (!rows[0]) throw new AppError("not_found:content", `That ${def.noun} no longer exists.`);
  return { title: def.titleOf(rows[0]) };
}

/** Asks the poller to fetch a feed at its next run (and clears its back-off). */
export async function refreshFeed(db: Db, id: string) {
  const rows = await db
    .update(newsFeeds)
    .set({ nextFetchAt: new Date(), failureCount: 0 })
    .where(eq(newsFeeds.id, id))
    .returning({ name: newsFeeds.name });
  if (!rows[0]) throw new AppError("not_found:content", "That feed no longer exists.");
  return rows[0];
}
