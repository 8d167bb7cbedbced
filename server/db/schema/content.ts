import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { IMPORTANCE_LEVELS } from "#common/analytics-options";
import { CONFIDENCE_LEVELS, EVENT_SOURCES, EVENT_STATUSES } from "#common/calendar-options";
import { FREQUENCIES } from "#common/newsletter-schema";
import { user } from "./auth";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

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

/** An economic calendar event, stored in UTC. source_key makes seeding idempotent. */
export const economicEvents = pgTable(
  "economic_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sourceKey: text("source_key").unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    country: text("country").notNull(),
    category: text("category").notNull(),
    importance: text("importance", { enum: IMPORTANCE_LEVELS }).notNull(),
    impact: text("impact").notNull().default(""),
    forecast: text("forecast"),
    previous: text("previous"),
    /** The released figure, from the source or typed by an editor. */
    actual: text("actual"),
    /** Where the row came from: the shipped recurring schedule, a live feed, or an editor. */
    source: text("source", { enum: EVENT_SOURCES }).notNull().default("schedule"),
    /** "schedule" = generated from the usual pattern, not a confirmed time. */
    confidence: text("confidence", { enum: CONFIDENCE_LEVELS }).notNull().default("schedule"),
    sourceUrl: text("source_url"),
    /** Releases of one indicator share a series (the event page's history). */
    series: text("series"),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("scheduled"),
    /** Set when an editor changed the row: feeds and the schedule no longer overwrite it. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("economic_events_starts_idx").on(t.startsAt),
    index("economic_events_series_starts_idx").on(t.series, t.startsAt),
  ],
);

/** The last copy of each calendar feed and when it may be fetched again (conditional GET, back-off). */
export const calendarFeedCache = pgTable("calendar_feed_cache", {
  url: text("url").primaryKey(),
  etag: text("etag"),
  lastModified: text("last_modified"),
  body: text("body"),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }),
  nextFetchAt: timestamp("next_fetch_at", { withTimezone: true }),
  lastStatus: integer("last_status"),
  updatedAt: updatedAt(),
});

/** "Remind me" on a calendar event: an in-app notification (and optional mail) N minutes before. */
export const calendarReminders = pgTable(
  "calendar_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => economicEvents.id, { onDelete: "cascade" }),
    minutesBefore: integer("minutes_before").notNull(),
    notifyEmail: boolean("notify_email").notNull().default(false),
    notifyPush: boolean("notify_push").notNull().default(false),
    notifyWebhook: boolean("notify_webhook").notNull().default(false),
    remindAt: timestamp("remind_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_reminders_user_event_idx").on(t.userId, t.eventId),
    index("calendar_reminders_event_idx").on(t.eventId),
    index("calendar_reminders_due_idx").on(t.remindAt).where(sql`${t.sentAt} is null`),
  ],
);

/** Editorial articles for the news pages and broker analysis. */
export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    section: text("section", { enum: ["economic", "breaking", "central-bank", "broker-analysis"] }).notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    /** Optional Arabic versions; null shows the English text (marked lang="en") on Arabic pages. */
    titleAr: text("title_ar"),
    excerptAr: text("excerpt_ar"),
    bodyMarkdownAr: text("body_markdown_ar"),
    category: text("category"),
    priority: text("priority", { enum: ["urgent", "high", "medium"] }),
    bankName: text("bank_name"),
    published: boolean("published").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("articles_section_published_idx").on(t.section, t.publishedAt),
    index("articles_author_idx").on(t.authorId),
  ],
);

/** A broker (editable in the admin area). */
export const brokers = pgTable(
  "brokers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull(),
    regulators: jsonb("regulators").$type<string[]>().notNull().default([]),
    minDeposit: text("min_deposit").notNull(),
    spread: text("spread").notNull(),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    url: text("url"),
    description: text("description").notNull().default(""),
    /** Optional Arabic description; null shows the English one (marked lang="en") on Arabic pages. */
    descriptionAr: text("description_ar"),
    sortOrder: integer("sort_order").notNull().default(0),
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("brokers_sort_idx").on(t.sortOrder)],
);

/** A blacklisted broker. */
export const blacklistEntries = pgTable(
  "blacklist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    reason: text("reason").notNull(),
    dateAdded: timestamp("date_added", { withTimezone: true }).notNull().defaultNow(),
    warning: text("warning").notNull(),
    /** Optional Arabic versions; null shows the English text (marked lang="en") on Arabic pages. */
    reasonAr: text("reason_ar"),
    warningAr: text("warning_ar"),
    severity: text("severity", { enum: ["urgent", "high", "medium"] }).notNull(),
    regulator: text("regulator"),
    createdAt: createdAt(),
  },
  (t) => [index("blacklist_entries_date_idx").on(t.dateAdded)],
);

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

/** Contact, partnership and access-request submissions. */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["contact", "partnership", "access"] }).notNull(),
    email: text("email").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    ip: text("ip"),
    handled: boolean("handled").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("form_submissions_created_idx").on(t.createdAt),
    index("form_submissions_kind_idx").on(t.kind),
  ],
);

/** A newsletter send; one outbox row per subscriber (idempotent per campaign and subscriber). */
export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    contentMarkdown: text("content_markdown").notNull(),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull(),
    isTest: boolean("is_test").notNull().default(false),
    status: text("status", { enum: ["queued", "sending", "done"] })
      .notNull()
      .default("queued"),
    total: integer("total").notNull().default(0),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("newsletter_campaigns_created_idx").on(t.createdAt),
    index("newsletter_campaigns_by_idx").on(t.createdBy),
  ],
);
