import type { Lang } from "#common/locale";
import { formatNumber, mailT } from "../mail/i18n";
import type { AlertType } from "./types";

export interface TriggeredAlert {
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  /** The change % base, or for move_window the price the window's length ago. */
  currentValue: number | null;
  windowMinutes?: number | null;
  price: number;
}

/**
 * The notification's title and message: symbol, condition, target and the price reached, in the
 * user's language (stored as written, so the bell shows it in the language of the trigger time).
 */
export function notificationText(
  a: TriggeredAlert,
  decimals: number,
  locale: Lang = "en",
): { title: string; message: string } {
  const t = mailT(locale);
  const fmt = (v: number) => formatNumber(locale, v, { min: decimals, max: decimals });
  const vars = { symbol: a.symbol, target: fmt(a.targetValue), price: fmt(a.price) };
  if (a.alertType !== "change_percent" && a.alertType !== "move_window") {
    return {
      title: t(`notification.${a.alertType}.title`, vars),
      message: t(`notification.${a.alertType}.message`, vars),
    };
  }
  const base = a.currentValue ?? a.price;
  const moved = ((a.price - base) / base) * 100;
  const sign = moved >= 0 ? "+" : "−";
  const pct = {
    ...vars,
    target: `${formatNumber(locale, a.targetValue)}%`,
    base: fmt(base),
    window: a.windowMinutes ? t(`alert.windows.${a.windowMinutes}`) : "",
  };
  return {
    title: t(`notification.${a.alertType}.title`, {
      ...pct,
      change: `${sign}${Math.abs(moved).toFixed(2)}%`,
    }),
    message: t(`notification.${a.alertType}.message`, pct),
  };
}
