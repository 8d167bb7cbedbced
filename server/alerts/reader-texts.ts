import { ALERT_TYPES } from "#common/alert-schema";
import type { Lang } from "#common/locale";
import { notificationText } from "./messages";
import type { AlertType } from "./types";

/**
 * A price alert's notification and history texts in the reader's language, written at read time
 * from what the trigger stored (symbol, condition, price): a reader who switches language reads
 * every past notification in the new one. A row without those parameters (written before they
 * were kept, or a calendar reminder) keeps the text it was stored with.
 */

const KNOWN_TYPES = new Set<string>(ALERT_TYPES);

export interface StoredTrigger {
  source?: string | null;
  symbol: string | null;
  condition: Record<string, unknown> | null;
  price: number | null;
}

export function textsInLanguage(
  trigger: StoredTrigger,
  stored: { title: string; message: string },
  lang: Lang,
  decimalsOf: (symbol: string) => number,
): { title: string; message: string } {
  const { symbol, condition, price } = trigger;
  if (trigger.source && trigger.source !== "price_alert") return stored;
  const type = condition?.type as AlertType | undefined;
  const target = condition?.target;
  if (!symbol || price === null || !type || !KNOWN_TYPES.has(type) || typeof target !== "number")
    return stored;
  const base = typeof condition?.base === "number" ? condition.base : null;
  const windowMinutes = typeof condition?.windowMinutes === "number" ? condition.windowMinutes : null;
  return notificationText(
    { symbol, alertType: type, targetValue: target, currentValue: base, windowMinutes, price },
    decimalsOf(symbol),
    lang,
  );
}
