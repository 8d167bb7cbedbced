import type { ActionResult } from "#common/action-result";
import type { PriceAlertRow } from "#server/alerts/types";

/** A row's dates as the loader sends them: ISO strings (null stays null). */
type DatesAsText<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/**
 * What the /price-alerts loader sends of an alert: the stored row without its owner and list,
 * dates as ISO strings, and the instrument's name (Arabic on Arabic pages where known; the
 * symbol when unknown).
 */
export type AlertView = DatesAsText<Omit<PriceAlertRow, "userId" | "watchlistId">> & {
  name: string;
  nameAr?: string;
};

export interface NotificationView {
  id: string;
  alertId: string | null;
  triggerId: string | null;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

/** One row of the History tab (an alert_triggers row). */
export interface TriggerView {
  id: string;
  alertId: string | null;
  symbol: string | null;
  price: number | null;
  title: string;
  message: string;
  channels: Record<string, string>;
  triggeredAt: string;
}

export interface WebhookView {
  id: string;
  label: string;
  url: string;
  isDefault: boolean;
}

export interface Suggestion {
  symbol: string;
  name: string;
  nameAr?: string;
  decimals: number;
}

/**
 * Every /price-alerts action answers with this shape, naming the intent it answers; a failure's
 * `error` is "auth" when the visitor is signed out, else the user-facing text.
 */
export type AlertActionResult = ActionResult<{
  symbol?: string;
  /** The alert's level already held at the last price when it was saved: it fires at once. */
  holds?: AlertHolds;
}> & { intent: string };

/** A saved alert whose level already held (the success message says it fires at once). */
export interface AlertHolds {
  alertType: "above" | "below";
  name: string;
  nameAr?: string;
  target: number;
}
