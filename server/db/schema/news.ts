import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** RSS/Atom/RDF sources, managed by admins. */
export const newsFeeds = pgTable("news_feeds", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull().unique(),
  name: text("name").notNull(),
  category: text("category").notNull().default("markets"),
  enabled: boolean("enabled").notNull().default(true),
  etag: text("etag"),
  lastModified: text("last_modified"),
  lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
  lastStatus: text("last_status"),
  lastError: text("last_error"),
  failureCount: integer("failure_count").notNull().default(0),
  nextFetchAt: timestamp("next_fetch_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/** An ingested RSS news item; dedupe_key is the guid, else a hash of the link (of the title when there is no link). */
export const newsItems = pgTable(
  "news_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    feedId: uuid("feed_id").references(() => newsFeeds.id, { onDelete: "set null" }),
    dedupeKey: text("dedupe_key").notNull(),
    guid: text("guid"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    link: text("link"),
    pubDate: timestamp("pub_date", { withTimezone: true }).notNull(),
    /** The feed gave no usable date: pub_date places it below the dated items of its fetch. */
    dateUnknown: boolean("date_unknown").notNull().default(false),
    source: text("source").notNull(),
    category: text("category").notNull(),
    language: text("language").notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("news_items_dedupe_uq").on(t.dedupeKey),
    index("news_items_pub_date_idx").on(t.pubDate),
    index("news_items_category_pub_idx").on(t.category, t.pubDate),
    index("news_items_feed_idx").on(t.feedId),
  ],
);

/** A news item's summary (with its sentiment), cached per item. */
export const newsAnalyses = pgTable("news_analyses", {
  itemId: uuid("item_id")
    .primaryKey()
    .references(() => newsItems.id, { onDelete: "cascade" }),
  summary: text("summary").notNull(),
  keyPoints: jsonb("key_points").$type<string[]>().notNull(),
  sentiment: text("sentiment", { enum: ["positive", "neutral", "negative"] }).notNull(),
  confidence: real("confidence").notNull(),
  marketImpact: text("market_impact", { enum: ["low", "medium", "high"] }).notNull(),
  sectors: jsonb("sectors").$type<string[]>().notNull().default([]),
  engine: text("engine").notNull(),
  createdAt: createdAt(),
});

/** Education cards on the news analytics dashboard. */
export const educationCards = pgTable(
  "education_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    section: text("section").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Optional Arabic versions; null shows the English text (marked lang="en") on Arabic pages. */
    titleAr: text("title_ar"),
    bodyAr: text("body_ar"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("education_cards_sort_idx").on(t.section, t.sortOrder)],
);
