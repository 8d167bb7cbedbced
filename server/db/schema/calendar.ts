import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { IMPORTANCE_LEVELS } from "#common/analytics-options";
import { CONFIDENCE_LEVELS, EVENT_SOURCES, EVENT_STATUSES } from "#common/calendar-options";
import { createdAt, updatedAt, userRef } from "./columns";

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
    userId: userRef(),
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
