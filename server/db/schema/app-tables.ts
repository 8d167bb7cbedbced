import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ALERT_FREQUENCIES, ALERT_STATUSES } from "#common/alert-options";
import { ALERT_TYPES } from "#common/alert-schema";
import { FREQUENCIES } from "#common/newsletter-schema";
import { user } from "./auth";
import { webhookEndpoints } from "./channels";
import { watchlists } from "./watchlists";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/** User roles: the only role checked is `admin`. */
export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_roles_user_role_uq").on(t.userId, t.role)],
);

/** Newsletter subscribers. Emails are unique case-insensitively. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    company: text("company"),
    interests: text("interests"),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull().default("weekly"),
    isActive: boolean("is_active").notNull().default(true),
    source: text("source", { enum: ["full", "community"] })
      .notNull()
      .default("full"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The language of the page the visitor subscribed from; their mails use it. */
    locale: text("locale").notNull().default("en"),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_uq").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_subscribed_at_idx").on(t.subscribedAt),
    index("newsletter_subscribers_frequency_idx").on(t.frequency, t.isActive),
  ],
);

/** A signed-in user's chat conversations. */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    title: text("title").notNull().default("New Conversation"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_conversations_user_updated_idx").on(t.userId, t.updatedAt)],
);

/** Chat messages. user_id is denormalised so every read is scoped by owner in the query. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    userId: userRef(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    index("chat_messages_user_idx").on(t.userId),
  ],
);

/** Price alerts. current_value is the price when the alert was created (change % base). */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    symbol: text("symbol").notNull(),
    alertType: text("alert_type", { enum: ALERT_TYPES }).notNull(),
    targetValue: numeric("target_value", { precision: 24, scale: 6, mode: "number" }).notNull(),
    currentValue: numeric("current_value", { precision: 24, scale: 6, mode: "number" }),
    notifyEmail: boolean("notify_email").notNull().default(false),
    /** The last time it fired, and at what price. */
    triggeredAt: timestamp("triggered_at", { withTimezone: true }),
    triggeredPrice: numeric("triggered_price", { precision: 24, scale: 6, mode: "number" }),
    /** Lifecycle (Active, Triggered, Paused, Expired, Error); only active alerts are evaluated. */
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("active"),
    /** once (the spec's default), daily (once per exchange trading day), every (after cooldown_seconds). */
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull().default("once"),
    cooldownSeconds: integer("cooldown_seconds"),
    /** For move_window: the window in minutes (5, 60 or 1440); target_value is the % move. */
    windowMinutes: integer("window_minutes"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Why the alert is in the Error state, for its owner. */
    errorMessage: text("error_message"),
    notifyPush: boolean("notify_push").notNull().default(false),
    notifyWebhook: boolean("notify_webhook").notNull().default(false),
    /** The webhook to call; null with notify_webhook means the account's default webhook. */
    webhookId: uuid("webhook_id").references(() => webhookEndpoints.id, { onDelete: "set null" }),
    /** Set when the alert was made for a whole watchlist (one alert per member symbol). */
    watchlistId: uuid("watchlist_id").references(() => watchlists.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("price_alerts_user_created_idx").on(t.userId, t.createdAt),
    index("price_alerts_watchlist_idx").on(t.watchlistId),
    index("price_alerts_webhook_idx").on(t.webhookId),
    index("price_alerts_armed_symbol_idx").on(t.symbol).where(sql`${t.status} = 'active'`),
  ],
);

/** A user's notifications (from triggered price alerts). */
export const alertNotifications = pgTable(
  "alert_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    alertId: uuid("alert_id").references(() => priceAlerts.id, { onDelete: "set null" }),
    /**
     * The alert_triggers row (the history entry) this notification announces. No foreign key:
     * alert_triggers is defined in alerting.ts, which imports this file; both rows share a user.
     */
    triggerId: uuid("trigger_id"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("alert_notifications_user_created_idx").on(t.userId, t.createdAt),
    index("alert_notifications_alert_idx").on(t.alertId),
    index("alert_notifications_trigger_idx").on(t.triggerId),
  ],
);

/** Latest quote per instrument (the catalogue itself lives in code). */
export const marketQuotes = pgTable("market_quotes", {
  symbol: text("symbol").primaryKey(),
  price: numeric("price", { precision: 24, scale: 8, mode: "number" }).notNull(),
  previousClose: numeric("previous_close", { precision: 24, scale: 8, mode: "number" }).notNull(),
  dayHigh: numeric("day_high", { precision: 24, scale: 8, mode: "number" }).notNull(),
  dayLow: numeric("day_low", { precision: 24, scale: 8, mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** OHLC bars: interval '1m' for intraday, '1d' for daily history. */
export const marketBars = pgTable(
  "market_bars",
  {
    symbol: text("symbol").notNull(),
    interval: text("interval", { enum: ["1m", "1d"] }).notNull(),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    open: numeric("open", { precision: 24, scale: 8, mode: "number" }).notNull(),
    high: numeric("high", { precision: 24, scale: 8, mode: "number" }).notNull(),
    low: numeric("low", { precision: 24, scale: 8, mode: "number" }).notNull(),
    close: numeric("close", { precision: 24, scale: 8, mode: "number" }).notNull(),
    /**
     * Written by a real source (its history, or ticks of its quotes) only; a bar the simulator
     * touched stays false, so a chart can mark simulated bars and a change is never computed
     * from a simulated close.
     */
    real: boolean("real").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.ts] })],
);

/** Every email is a row first; a worker delivers it (ARCHITECTURE: Outbox). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: ["pending", "sending", "sent", "dead"] })
      .notNull()
      .default("pending"),
    transport: text("transport"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    campaignId: uuid("campaign_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The delivery worker's two queues: single mails first, then campaign rows. Partial, so a
    // claim reads only due rows however large the sent history or the campaign backlog grows.
    index("mail_outbox_pending_single_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.campaignId} is null`),
    index("mail_outbox_pending_bulk_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.campaignId} is not null`),
    index("mail_outbox_campaign_idx").on(t.campaignId),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

/** Admin-editable settings, applied without a restart. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what in the admin area. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_actor_idx").on(t.actorId)],
);

/**
 * Rate limits shared by every process (chat, forms, newsletter sign-ups): one row per key holding
 * its GCRA "theoretical arrival time"; a row whose time has passed is spent and swept.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    tat: timestamp("tat", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_tat_idx").on(t.tat)],
);

/**
 * Failed sign-ins per account (by email, known or not), for the growing temporary lock: counted
 * only on a wrong password, cleared by a successful sign-in or a password reset.
 */
export const signInFailures = pgTable("sign_in_failures", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
