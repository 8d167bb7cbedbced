/**
 * The news analytics page's choices, apart from their Zod schemas (analytics-schema.ts) so that
 * the page's browser code (the calendar's filter menus) does not load Zod for a few lists.
 */

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
