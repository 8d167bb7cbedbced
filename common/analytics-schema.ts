import { z } from "zod";

import {
  ANALYTICS_TABS,
  CALENDAR_COUNTRIES,
  DEFAULT_CALENDAR_DAYS,
  IMPORTANCE_LEVELS,
  MAX_CALENDAR_DAYS,
} from "./analytics-options";
import { CALENDAR_CATEGORIES } from "./calendar-options";

// The lists live in analytics-options.ts (no Zod, for browser code); re-exported for server code.
export * from "./analytics-options";

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** Calendar filters from the query string; anything invalid falls back to the default. */
export const calendarQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(MAX_CALENDAR_DAYS).catch(DEFAULT_CALENDAR_DAYS),
  country: optionalEnum(CALENDAR_COUNTRIES),
  importance: optionalEnum(IMPORTANCE_LEVELS),
  category: optionalEnum(CALENDAR_CATEGORIES),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const analyticsQuerySchema = calendarQuerySchema.extend({
  tab: z.enum(ANALYTICS_TABS).catch("news"),
});

/** 'Refresh Analysis' pressed too often from one address or account (server/news/refresh-gate.ts). */
export const ANALYSIS_REFRESH_LIMITED = "Too many refresh requests. Please wait a minute and try again.";

/** 'Refresh Analysis' posts this. */
export const refreshSchema = z.object({ intent: z.literal("refresh") });

export function parseQuery<T extends z.ZodType>(schema: T, params: URLSearchParams): z.infer<T> {
  const raw: Record<string, string> = {};
  for (const [k, v] of params) if (v !== "") raw[k] = v;
  return schema.parse(raw);
}
