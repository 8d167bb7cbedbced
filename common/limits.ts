import { z } from "zod";

/**
 * The per-user limits admins set in the Settings tab (docs/product/alerts.md, "Limits"). Each is a
 * whole number kept in site_settings under `limits.<name>`; a missing or unreadable value means
 * the default.
 */
export const LIMITS = {
  alertsPerUser: { default: 100, min: 1, max: 10_000, label: "Alerts per user" },
  webhooksPerMinute: { default: 30, min: 1, max: 1_000, label: "Webhooks per user per minute" },
  pushesPerMinute: { default: 30, min: 1, max: 1_000, label: "Push messages per user per minute" },
} as const;

export type LimitName = keyof typeof LIMITS;
export type Limits = Record<LimitName, number>;

export const LIMIT_NAMES = Object.keys(LIMITS) as LimitName[];

/** The site_settings key of a limit. */
export const limitKey = (name: LimitName) => `limits.${name}`;

const wholeNumber = (name: LimitName) => {
  const { min, max, label } = LIMITS[name];
  return z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
};

/** The admin form: every limit, as typed (strings from the form are coerced). */
export const limitsSettingsSchema = z.object({
  alertsPerUser: wholeNumber("alertsPerUser"),
  webhooksPerMinute: wholeNumber("webhooksPerMinute"),
  pushesPerMinute: wholeNumber("pushesPerMinute"),
});

/** A stored value if it is a whole number in range, else the limit's default. */
export function limitValue(name: LimitName, stored: unknown): number {
  const { min, max } = LIMITS[name];
  const n = typeof stored === "string" && stored.trim() !== "" ? Number(stored) : stored;
  return typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : LIMITS[name].default;
}
