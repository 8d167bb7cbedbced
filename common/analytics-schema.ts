import { z } from "zod";

/** Spec §2 News analytics tabs, default the first. */
export const ANALYTICS_TABS = ["news", "summaries", "calendar", "education"] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

/** Countries the calendar knows (the Gulf plus the Fed and OPEC+). */
export const CALENDAR_COUNTRIES = [
  "UAE",
  "Saudi Arabia",
  "Kuwait",
  "Qatar",
  "Bahrain",
  "Oman",
  "Jordan",
  "United States",
  "Global",
] as const;
export const IMPORTANCE_LEVELS = ["high", "medium", "low"] as const;
/** Spec §7: the calendar's day-range argument defaults to 30. */
export const DEFAULT_CALENDAR_DAYS = 30;
export const CALENDAR_DAY_OPTIONS = [7, 30, 90] as const;
export const MAX_CALENDAR_DAYS = 366;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** Calendar filters from the query string; anything invalid falls back to the default. */
export const calendarQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(MAX_CALENDAR_DAYS).catch(DEFAULT_CALENDAR_DAYS),
  country: optionalEnum(CALENDAR_COUNTRIES),
  importance: optionalEnum(IMPORTANCE_LEVELS),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const analyticsQuerySchema = calendarQuerySchema.extend({
  tab: z.enum(ANALYTICS_TABS).catch("news"),
});

/** 'Refresh Analysis' posts this. */
export const refreshSchema = z.object({ intent: z.literal("refresh") });

export function parseQuery<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  const raw: Record<string, string> = {};
  for (const [k, v] of params) if (v !== "") raw[k] = v;
  return schema.parse(raw);
}
