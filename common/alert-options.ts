/**
 * The option lists of the alerting layer beyond the spec's three conditions, defined once for the
 * schema, the forms and the services (docs/product/alerts.md).
 */

/** An alert's lifecycle state; only `active` alerts are evaluated. */
export const ALERT_STATUSES = ["active", "triggered", "paused", "expired", "error"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** once: fire then stop (the default); daily: at most once per exchange trading day; every: each time, after a cooldown. */
export const ALERT_FREQUENCIES = ["once", "daily", "every"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The windows of the "moves N % within" condition, in minutes: 5 min, 1 h, 1 day. */
export const MOVE_WINDOWS = [5, 60, 1440] as const;
export type MoveWindow = (typeof MOVE_WINDOWS)[number];

/** Where a trigger is delivered besides the in-app notification, which is always made. */
export const DELIVERY_CHANNELS = ["push", "webhook"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** A queued delivery's state: retried while pending; `dead` after the last attempt failed. */
export const DELIVERY_STATUSES = ["pending", "sending", "delivered", "dead"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
