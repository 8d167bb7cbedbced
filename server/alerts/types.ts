import type { AlertTypeValue } from "#common/alert-schema";
import type { NotificationEvent } from "#common/sse-events";
import type { Quote } from "../market/types";
import type { AlertIndex } from "./alert-index";

/** Defined once beside the form schema that validates it. */
export type AlertType = AlertTypeValue;

export interface PriceAlertRow {
  id: string;
  userId: string;
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  currentValue: number | null;
  isActive: boolean;
  isTriggered: boolean;
  notifyEmail: boolean;
  createdAt: Date;
}

/** Every method is scoped by userId in its query. Errors are AppError with the user's message. */
export interface AlertsService {
  list(userId: string): Promise<PriceAlertRow[]>;
  create(
    userId: string,
    input: { symbol: string; alertType: AlertType; targetValue: number; notifyEmail?: boolean },
  ): Promise<PriceAlertRow>;
}

/** A notification row (`alert_notifications`), as the browser sees it. */
export interface NotificationRow {
  id: string;
  alertId: string | null;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
}

// The payload of the live stream's `notification` event, shared with the browser.
export type { NotificationEvent };

export interface AlertEvaluator {
  /** The tick hook: on the job leader only, finds and records the alerts this tick fired. */
  onTick(changed: Quote[]): void;
  /** Finds and records triggers for these prices now; resolves with the notifications created. */
  evaluate(prices: Array<{ symbol: string; price: number }>): Promise<NotificationEvent[]>;
  /** Resolves when every queued evaluation has finished. */
  idle(): Promise<void>;
}

/**
 * The alerts feature's full API: the AlertsService contract other features use (chat calls list
 * and create), plus what the /price-alerts page and the header bell need. Every method is scoped
 * by the user's id in its query; a row of another user is "not found".
 */
export interface PriceAlerts extends AlertsService {
  setActive(userId: string, alertId: string, isActive: boolean): Promise<PriceAlertRow>;
  remove(userId: string, alertId: string): Promise<void>;
  notifications(userId: string, opts?: { limit?: number }): Promise<NotificationRow[]>;
  unreadCount(userId: string): Promise<number>;
  markRead(userId: string, notificationId: string): Promise<void>;
  markAllRead(userId: string): Promise<number>;
  /** Instruments the symbol field suggests, with the latest price when known. */
  suggestions(): Array<{
    symbol: string;
    name: string;
    nameAr?: string;
    price: number | null;
    decimals: number;
  }>;
  /** Rebuilds the index from the database and listens to the market's ticks. */
  start(): Promise<void>;
  /** Stops listening and waits for the evaluation in progress. */
  stop(): Promise<void>;
  readonly index: AlertIndex;
  readonly evaluator: AlertEvaluator;
}
