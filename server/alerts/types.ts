import type { AlertFrequency, AlertStatus, MoveWindow } from "#common/alert-options";
import type { AlertTypeValue } from "#common/alert-schema";
import type { Lang } from "#common/locale";
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
  status: AlertStatus;
  frequency: AlertFrequency;
  cooldownSeconds: number | null;
  windowMinutes: number | null;
  expiresAt: Date | null;
  errorMessage: string | null;
  notifyEmail: boolean;
  notifyPush: boolean;
  notifyWebhook: boolean;
  webhookId: string | null;
  /** The last time it fired, and at what price. */
  triggeredAt: Date | null;
  triggeredPrice: number | null;
  /** Set when the alert was made for a whole watchlist (one alert per member of the list). */
  watchlistId: string | null;
  createdAt: Date;
}

/** What creating (or editing) an alert takes; everything beyond the spec's three fields is optional. */
export interface AlertInput {
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  notifyEmail?: boolean;
  notifyPush?: boolean;
  notifyWebhook?: boolean;
  /** null with notifyWebhook: the account's default webhook. */
  webhookId?: string | null;
  frequency?: AlertFrequency;
  cooldownSeconds?: number | null;
  windowMinutes?: MoveWindow | number | null;
  expiresAt?: Date | null;
  /** The watchlist this alert belongs to, when the watchlists feature makes one per member. */
  watchlistId?: string | null;
}

/** Every method is scoped by userId in its query. Errors are AppError with the user's message. */
export interface AlertsService {
  list(userId: string): Promise<PriceAlertRow[]>;
  create(userId: string, input: AlertInput): Promise<PriceAlertRow>;
}

/** One alert_triggers row: a trigger of one of the user's alerts, as the History tab shows it. */
export interface TriggerRow {
  id: string;
  alertId: string | null;
  symbol: string | null;
  condition: Record<string, unknown>;
  price: number | null;
  title: string;
  message: string;
  channels: Record<string, string>;
  triggeredAt: Date;
}

/** A notification row (`alert_notifications`), as the browser sees it. */
export interface NotificationRow {
  id: string;
  alertId: string | null;
  /** The history row (alert_triggers) this notification announces. */
  triggerId: string | null;
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
  /**
   * Judges one alert just armed (created, re-armed, edited) against the last price now: an alert
   * whose level already holds fires at once. Resolves with the notifications created.
   */
  settle(alertId: string, price: number): Promise<NotificationEvent[]>;
  /** Resolves when every queued evaluation has finished. */
  idle(): Promise<void>;
}

/**
 * The alerts feature's full API: the AlertsService contract other features use (chat calls list
 * and create), plus what the /price-alerts page and the header bell need. Every method is scoped
 * by the user's id in its query; a row of another user is "not found".
 */
export interface Alerts extends AlertsService {
  /** Paused alerts are not evaluated; resuming re-arms (a change % alert re-measures its base). */
  setActive(userId: string, alertId: string, isActive: boolean): Promise<PriceAlertRow>;
  /** Replaces every field; re-arms unless the alert is paused. */
  update(userId: string, alertId: string, input: AlertInput): Promise<PriceAlertRow>;
  /** A new active copy of the alert (within the per-user cap). */
  duplicate(userId: string, alertId: string): Promise<PriceAlertRow>;
  remove(userId: string, alertId: string): Promise<void>;
  /** The user's triggers, newest first; one alert's when alertId is given. */
  /** `lang`: a price alert's title and message written in the reader's language from its stored parameters. */
  history(userId: string, opts?: { alertId?: string; limit?: number; lang?: Lang }): Promise<TriggerRow[]>;
  /** Marks active alerts past their expiry Expired; returns how many. */
  expireDue(): Promise<number>;
  /** `lang`: a price alert's title and message written in the reader's language from its trigger. */
  notifications(userId: string, opts?: { limit?: number; lang?: Lang }): Promise<NotificationRow[]>;
  unreadCount(userId: string): Promise<number>;
  markRead(userId: string, notificationId: string): Promise<void>;
  markAllRead(userId: string): Promise<number>;
  /**
   * Instruments the symbol field suggests. No prices: they change on every tick, and the page
   * that lists them is remembered while its data stays the same.
   */
  suggestions(): Array<{ symbol: string; name: string; nameAr?: string; decimals: number }>;
  /**
   * Whether an armed level alert (above, below) already held at the last price it may be judged
   * on: it fired as soon as it was saved. The form's success message says so.
   */
  holdsNow(alert: Pick<PriceAlertRow, "symbol" | "alertType" | "targetValue" | "status">): boolean;
  /** Rebuilds the index from the database and listens to the market's ticks. */
  start(): Promise<void>;
  /** Stops listening and waits for the evaluation in progress. */
  stop(): Promise<void>;
  readonly index: AlertIndex;
  readonly evaluator: AlertEvaluator;
}
