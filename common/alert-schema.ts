import { z } from "zod";

/** Alert types; the form's labels live in app/locales/en/alerts.json. */
export const ALERT_TYPES = ["above", "below", "change_percent"] as const;
export type AlertTypeValue = (typeof ALERT_TYPES)[number];

/** Product limits (docs/product/alerts.md): per-user cap, the notification list's size. */
export const MAX_ALERTS_PER_USER = 100;
export const NOTIFICATIONS_LIMIT = 20;
/** The target field's step is 0.000001; values are stored with this precision. */
export const TARGET_DECIMALS = 6;

export const ALERT_MESSAGES = {
  symbolRequired: "Symbol is required",
  targetRequired: "Target value is required",
  targetNumber: "Enter a number, e.g. 100.00",
  targetPositive: "Target price must be greater than 0",
  percentRange: "Percentage must be greater than 0 and at most 100",
  limit: `You can have at most ${MAX_ALERTS_PER_USER} price alerts. Delete one to create another.`,
} as const;

export const roundTarget = (v: number) => Math.round(v * 10 ** TARGET_DECIMALS) / 10 ** TARGET_DECIMALS;

/**
 * Checks a target against its type (> 0; a percentage in (0, 100]). Returns the error message
 * or null; shared by the form schema and the service (the chat creates alerts without the form).
 */
export function targetError(alertType: AlertTypeValue, value: number): string | null {
  if (!Number.isFinite(value)) return ALERT_MESSAGES.targetNumber;
  const rounded = roundTarget(value);
  if (alertType === "change_percent")
    return rounded > 0 && rounded <= 100 ? null : ALERT_MESSAGES.percentRange;
  return rounded > 0 ? null : ALERT_MESSAGES.targetPositive;
}

/** The alert form: symbol and target required; target a decimal; symbol upper-cased. */
export const alertFormSchema = z
  .object({
    symbol: z
      .string()
      .trim()
      .min(1, ALERT_MESSAGES.symbolRequired)
      .max(40)
      .transform((s) => s.toUpperCase()),
    alertType: z.enum(ALERT_TYPES),
    targetValue: z
      .string()
      .trim()
      .min(1, ALERT_MESSAGES.targetRequired)
      .regex(/^\d*\.?\d+$|^\d+\.$/, ALERT_MESSAGES.targetNumber)
      .transform(Number),
    notifyEmail: z
      .union([z.literal("on"), z.literal("true"), z.literal("")])
      .optional()
      .transform((v) => v === "on" || v === "true"),
  })
  .superRefine((v, ctx) => {
    const message = targetError(v.alertType, v.targetValue);
    if (message) ctx.addIssue({ code: "custom", path: ["targetValue"], message });
  });

export type AlertFormInput = z.infer<typeof alertFormSchema>;
