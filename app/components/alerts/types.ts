import type { ActionResult } from "#common/action-result";
import type { AlertTypeValue } from "#common/alert-schema";

/** What the /price-alerts loader sends (dates as ISO strings). */
export interface AlertView {
  id: string;
  symbol: string;
  alertType: AlertTypeValue;
  targetValue: number;
  currentValue: number | null;
  isActive: boolean;
  isTriggered: boolean;
  notifyEmail: boolean;
  createdAt: string;
}

export interface NotificationView {
  id: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface Suggestion {
  symbol: string;
  name: string;
  nameAr?: string;
  price: number | null;
  decimals: number;
}

/**
 * Every /price-alerts action answers with this shape, naming the intent it answers; a failure's
 * `error` is "auth" when the visitor is signed out, else the user-facing text.
 */
export type AlertActionResult = ActionResult<{ symbol?: string }> & { intent: string };
