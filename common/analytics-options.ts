/**
 * The news analytics page's choices, apart from their Zod schemas (analytics-schema.ts) so that
 * the page's browser code (the calendar's filter menus) does not load Zod for a few lists.
 */

/** The news analytics page's tabs; the first is open by default. */
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
  "Euro Area",
  "United Kingdom",
  "Japan",
  "China",
  "Canada",
  "Australia",
  "New Zealand",
  "Switzerland",
  "Global",
] as const;
export const IMPORTANCE_LEVELS = ["high", "medium", "low"] as const;
/** The calendar shows this many days ahead unless asked for another range. */
export const DEFAULT_CALENDAR_DAYS = 30;
export const CALENDAR_DAY_OPTIONS = [7, 30, 90] as const;
export const MAX_CALENDAR_DAYS = 366;
