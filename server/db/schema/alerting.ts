import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from "#common/alert-options";
import { priceAlerts } from "./app-tables";
import { user } from "./auth";

// What happens when an alert fires: the trigger history and the durable delivery queue for Web
// Push and webhooks, with its attempt log (docs/product/alerts.md).

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

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
