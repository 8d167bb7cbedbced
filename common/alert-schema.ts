import { z } from "zod";
import { ALERT_FREQUENCIES, type AlertFrequency, MOVE_WINDOWS } from "./alert-options";

/**
 * Alert types; the form's labels live in app/locales/{en,ar}/alerts.json. crossing_up/down fire on
 * the tick that crosses the target; move_window when the price moved the target % within a window.
 */
export const ALERT_TYPES = [
  "above",
  "below",
  "change_percent",
  "crossing_up",
  "crossing_down",
  "move_window",
] as const;
export type AlertTypeValue = (typeof ALERT_TYPES)[number];

/** Types whose target is a percentage in (0, 100] rather than a price. */
export const isPercentType = (t: AlertTypeValue) => t === "change_percent" || t === "move_window";

/** Product limits (docs/product/alerts.md): per-user cap, the notification list's size. */
export const MAX_ALERTS_PER_USER = 100;
export const NOTIFICATIONS_LIMIT = 20;
/** The target field's step is 0.000001; values are stored with this precision. */
export const TARGET_DECIMALS = 6;
/** "every" alerts wait at least this long between two triggers; the form proposes the default. */
export const MIN_COOLDOWN_SECONDS = 60;
export const DEFAULT_COOLDOWN_SECONDS = 300;
export const MAX_COOLDOWN_SECONDS = 7 * 86_400;

/** The per-user cap's message, with the cap in force (an admin may change it). */
export const alertLimitMessage = (max: number) =>
  `You can have at most ${max} price alerts. Delete one to create another.`;

export const ALERT_MESSAGES = {
  symbolRequired: "Symbol is required",
  targetRequired: "Target value is required",
  targetNumber: "Enter a number, e.g. 100.00",
  targetPositive: "Target price must be greater than 0",
  percentRange: "Percentage must be greater than 0 and at most 100",
  limit: alertLimitMessage(MAX_ALERTS_PER_USER),
  windowRequired: "Choose a window: 5 minutes, 1 hour or 1 day",
  cooldownRange: `The cooldown must be a whole number of seconds, at least ${MIN_COOLDOWN_SECONDS} and at most ${MAX_COOLDOWN_SECONDS}`,
  expiryInvalid: "Enter a valid expiry date and time",
  expiryPast: "The expiry must be in the future",
  webhookUnknown: "Choose one of your webhooks, or the account default",
  cannotEvaluate: "This alert cannot be evaluated: its condition is incomplete. Edit it to set it again.",
} as const;

export const roundTarget = (v: number) => Math.round(v * 10 ** TARGET_DECIMALS) / 10 ** TARGET_DECIMALS;

/**
 * Checks a target against its type (> 0; a percentage in (0, 100]). Returns the error message
 * or null; shared by the form schema and the service (the chat creates alerts without the form).
 */
export function targetError(alertType: AlertTypeValue, value: number): string | null {
  if (!Number.isFinite(value)) return ALERT_MESSAGES.targetNumber;
  const rounded = roundTarget(value);
  if (isPercentType(alertType)) return rounded > 0 && rounded <= 100 ? null : ALERT_MESSAGES.percentRange;
  return rounded > 0 ? null : ALERT_MESSAGES.targetPositive;
}

/** What an alert is beyond its symbol and target, checked the same way by the form and the service. */
export interface AlertRules {
  alertType: AlertTypeValue;
  targetValue: number;
  windowMinutes?: number | null;
  frequency?: AlertFrequency;
  cooldownSeconds?: number | null;
  expiresAt?: Date | null;
}

/** Field -> message for every rule the alert breaks (empty when it is fine). `now` for tests. */
export function alertRuleErrors(a: AlertRules, now = Date.now()): Record<string, string> {
  const out: Record<string, string> = {};
  const target = targetError(a.alertType, a.targetValue);
  if (target) out.targetValue = target;
  if (a.alertType === "move_window" && !MOVE_WINDOWS.includes(a.windowMinutes as never))
    out.windowMinutes = ALERT_MESSAGES.windowRequired;
  if (a.frequency === "every") {
    const c = a.cooldownSeconds;
    if (c == null || !Number.isInteger(c) || c < MIN_COOLDOWN_SECONDS || c > MAX_COOLDOWN_SECONDS)
      out.cooldownSeconds = ALERT_MESSAGES.cooldownRange;
  }
  if (a.expiresAt) {
    if (Number.isNaN(a.expiresAt.getTime())) out.expiresAt = ALERT_MESSAGES.expiryInvalid;
    else if (a.expiresAt.getTime() <= now) out.expiresAt = ALERT_MESSAGES.expiryPast;
  }
  return out;
}

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * The expiry as the form sends it: a datetime-local value read in the browser's zone, whose
 * offset (minutes, as Date.getTimezoneOffset gives it) travels in `tzOffset`; without it, UTC.
 * An ISO time with its own zone is taken as it is.
 */
function parseExpiry(value: string | null, tzOffset: string | null): Date | null | "invalid" {
  if (!value) return null;
  if (LOCAL_DATETIME.test(value)) {
    const offset = tzOffset && /^-?\d{1,4}$/.test(tzOffset) ? Number(tzOffset) : 0;
    const ms = Date.parse(`${value}Z`);
    return Number.isNaN(ms) ? "invalid" : new Date(ms + offset * 60_000);
  }
  const ms = /[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? "invalid" : new Date(ms);
}

/**
 * The alert form (create and edit): symbol and target required; target a decimal; symbol
 * upper-cased; a window for move_window; a cooldown of at least 60 s for "every"; an expiry in
 * the future; the channels beyond in-app.
 */
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
    windowMinutes: optionalText.transform((v) => (v === null ? null : Number(v))),
    frequency: z
      .enum(ALERT_FREQUENCIES)
      .optional()
      .transform((v) => v ?? "once"),
    cooldownSeconds: optionalText.transform((v) => (v === null ? null : Number(v))),
    expiresAt: optionalText,
    tzOffset: optionalText,
    notifyEmail: checkbox,
    notifyPush: checkbox,
    notifyWebhook: checkbox,
    webhookId: optionalText.refine((v) => v === null || UUID.test(v), ALERT_MESSAGES.webhookUnknown),
  })
  .transform((v, ctx) => {
    const expiry = parseExpiry(v.expiresAt, v.tzOffset);
    const { tzOffset: _zone, ...rest } = v;
    const out = {
      ...rest,
      // The window and cooldown only mean something for their type and frequency.
      windowMinutes: v.alertType === "move_window" ? v.windowMinutes : null,
      cooldownSeconds: v.frequency === "every" ? v.cooldownSeconds : null,
      expiresAt: expiry === "invalid" ? new Date(Number.NaN) : expiry,
      webhookId: v.notifyWebhook ? v.webhookId : null,
    };
    for (const [path, message] of Object.entries(alertRuleErrors(out)))
      ctx.addIssue({ code: "custom", path: [path], message });
    return out;
  });

export type AlertFormInput = z.infer<typeof alertFormSchema>;
