import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { FEED_LANGUAGES, MAPPING_FIELDS, MAPPING_MATCHES } from "#common/disclosures";
import { createdAt, updatedAt } from "./columns";

/** An exchange's disclosure feed an editor configured, with its symbol-mapping rule and poll state. */
export const disclosureFeeds = pgTable("disclosure_feeds", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  url: text("url").notNull().unique(),
  exchange: text("exchange").notNull(),
  language: text("language", { enum: FEED_LANGUAGES }).notNull(),
  field: text("field", { enum: MAPPING_FIELDS }).notNull(),
  pattern: text("pattern").notNull(),
  match: text("match", { enum: MAPPING_MATCHES }).notNull(),
  enabled: boolean("enabled").notNull().default(true),
  etag: text("etag"),
  lastModified: text("last_modified"),
  lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
  lastError: text("last_error"),
  failures: integer("failures").notNull().default(0),
  nextPollAt: timestamp("next_poll_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One company announcement, stored once (dedupe_key), cleaned by the news pipeline's rules. */
export const disclosures = pgTable(
  "disclosures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    feedId: uuid("feed_id")
      .notNull()
      .references(() => disclosureFeeds.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    link: text("link"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    dateUnknown: boolean("date_unknown").notNull().default(false),
    language: text("language", { enum: FEED_LANGUAGES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("disclosures_symbol_published_idx").on(t.symbol, sql`${t.publishedAt} desc`),
    index("disclosures_published_idx").on(sql`${t.publishedAt} desc`),
    // Removing a feed removes its announcements (the cascade looks them up by feed).
    index("disclosures_feed_idx").on(t.feedId),
  ],
);
