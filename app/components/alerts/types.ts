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

/** Every /price-alerts action answers with this shape. */
export interface AlertActionResult {
  ok: boolean;
  intent: string;
  symbol?: string;
  message?: string;
  /** "auth": the visitor is signed out. */
  error?: "auth";
  fieldErrors?: Partial<Record<string, string>>;
}
