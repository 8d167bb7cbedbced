import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ALERT_FREQUENCIES,
  ALERT_STATUSES,
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
} from "#common/alert-options";
import { ALERT_TYPES } from "#common/alert-schema";
import { createdAt, userRef } from "./columns";
import { webhookEndpoints } from "./delivery";
import { watchlists } from "./watchlists";

// A price alert and what happens when it fires: the alert itself, the in-app notification, the
// trigger history and the durable delivery queue for Web Push and webhooks, with its attempt log
// (docs/product/alerts.md).

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
     * The alert_triggers row (the history entry) this notification announces, written in the
     * same transaction. No foreign key: the two rows share a user and go with it.
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

/**
 * Every time an alert (or a calendar reminder) fires, one row: what fired, at what price, and
 * when. Its id is the event id sent to every channel, the same on every retry, so a receiver can
 * drop duplicates. Kept when the alert is deleted (alert_id set null; the condition is copied).
 */
export const alertTriggers = pgTable(
  "alert_triggers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    alertId: uuid("alert_id").references(() => priceAlerts.id, { onDelete: "set null" }),
    /** 'price_alert' or 'calendar_reminder'. */
    source: text("source").notNull().default("price_alert"),
    symbol: text("symbol"),
    /** The condition as it was when it fired: type, target, window, frequency. */
    condition: jsonb("condition").$type<Record<string, unknown>>().notNull().default({}),
    price: jsonb("price").$type<number | null>(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** Channels asked for and what became of each: { inApp: "delivered", email: "queued", push: ..., webhook: ... }. */
    channels: jsonb("channels").$type<Record<string, string>>().notNull().default({}),
    triggeredAt: timestamp("triggered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("alert_triggers_user_time_idx").on(t.userId, t.triggeredAt),
    index("alert_triggers_alert_time_idx").on(t.alertId, t.triggeredAt),
  ],
);

/**
 * The durable queue of push and webhook deliveries. A row is written in the transaction that
 * records the trigger, so a crash loses none; (event_id, channel, target) is unique, so a retry
 * or a second worker never makes a second delivery of one event to one endpoint.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    eventId: uuid("event_id").notNull(),
    triggerId: uuid("trigger_id").references(() => alertTriggers.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    /** The push subscription's or webhook endpoint's id (or a URL for a one-off test). */
    target: text("target").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("alert_deliveries_event_target_uq").on(t.eventId, t.channel, t.target),
    index("alert_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("alert_deliveries_user_created_idx").on(t.userId, t.createdAt),
    index("alert_deliveries_trigger_idx").on(t.triggerId),
  ],
);

/** One row per attempt of a delivery: the delivery log shown per alert. */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => alertDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms"),
    /** Timeout, connection error, or the first bytes of an error answer. */
    error: text("error"),
  },
  (t) => [index("delivery_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);
