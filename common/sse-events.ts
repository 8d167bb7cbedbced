import type { MarketWire } from "./market-wire";

/**
 * The events of the live stream (`GET /api/stream`, one per browser tab) and the payload each
 * carries. The server sends them with `SseHub.broadcast` / `sendToUser`
 * (server/realtime/sse-hub.ts) and the browser listens with `onStreamEvent`
 * (app/lib/event-stream.ts); both are typed by this map, so a name or a payload that does not
 * match is a type error on either side.
 */
export interface SseEvents {
  /**
   * Market quotes, to everyone: a snapshot (`full`) when the stream opens, then the quotes each
   * tick changed. The event id is the tick time, so a reconnecting browser says what it has seen.
   */
  market: MarketWire;
  /** To one user: a price alert fired or a calendar reminder is due (a new in-app notification). */
  notification: NotificationEvent;
  /**
   * To one user: notifications were marked read (in another tab or device), `ids` listed or `all`;
   * open tabs recount their unread badge.
   */
  "notifications-read": NotificationsRead;
}

export type SseEventName = keyof SseEvents;

/** The payload of a `notification` event: one `alert_notifications` row, dates as ISO strings. */
export interface NotificationEvent {
  id: string;
  alertId: string | null;
  /** The alert's history row (alert_triggers) this notification announces. */
  triggerId?: string | null;
  symbol: string;
  title: string;
  message: string;
  isRead: false;
  createdAt: string;
}

/** The payload of a `notifications-read` event. */
export interface NotificationsRead {
  /** The notifications marked read; null when `all` is true. */
  ids: string[] | null;
  all: boolean;
}
