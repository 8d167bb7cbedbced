/**
 * The economic calendar's choices and small rules shared by the page, the API and the server,
 * without Zod (the page's browser code loads this file).
 */

/** Gulf Standard Time: the server's rendering zone until the reader's own is known. */
export const DEFAULT_TIME_ZONE = "Asia/Dubai";
/** The reader's zone, set by the page (detected or chosen) and honoured by the server render. */
export const TZ_COOKIE = "tz";

/** Zones offered in the picker; the detected zone is added when it is not one of them. */
export const TIME_ZONE_CHOICES = [
  "Asia/Dubai",
  "Asia/Riyadh",
  "Asia/Qatar",
  "Asia/Kuwait",
  "Asia/Bahrain",
  "Asia/Muscat",
  "Asia/Amman",
  "Europe/London",
  "America/New_York",
  "UTC",
] as const;

/** A real IANA zone name (what Intl accepts), short enough to be one. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone in a Cookie header, or null when absent or not a zone. */
export function timeZoneFromCookie(cookieHeader: string | null | undefined): string | null {
  const raw = cookieHeader?.match(/(?:^|;\s*)tz=([^;]+)/)?.[1];
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isTimeZone(value) ? value : null;
}

/** Topics for the category filter (the shipped schedule's and the feed's). */
export const CALENDAR_CATEGORIES = [
  "Central Bank",
  "Inflation",
  "Employment",
  "Growth",
  "Business Activity",
  "Consumption",
  "Housing",
  "Trade",
  "Energy",
  "Earnings",
  "Markets",
  "Holiday",
  "Other",
] as const;

export const CONFIDENCE_LEVELS = ["confirmed", "expected", "schedule"] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];
export const EVENT_SOURCES = ["schedule", "forexfactory", "editor"] as const;
export const EVENT_STATUSES = ["scheduled", "cancelled"] as const;
/** Confidences an editor may set (a "schedule" row keeps that until an editor confirms it). */
export const EDITOR_CONFIDENCES = ["confirmed", "expected"] as const;

/** Rows per page of the admin calendar editor. */
export const EDITOR_PAGE_SIZE = 25;

/** "Remind me" lead times, in minutes. */
export const REMINDER_MINUTES = [5, 15, 30, 60, 1440] as const;

/** "1.2%", "-23K", "4.50%", "56.1", "1.3B" -> a number in one unit; null when not a figure. */
export function figureValue(text: string | null | undefined): number | null {
  if (!text) return null;
  const m = text
    .trim()
    .replace(/,/g, "")
    .match(/^([<>]?)(-?\d+(?:\.\d+)?)\s*([%KMBT]?)$/i);
  if (!m) return null;
  const scale: Record<string, number> = { "": 1, "%": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };
  return Number(m[2]) * (scale[m[3]!.toUpperCase()] ?? 1);
}

/** Releases where a lower number is the better news (unemployment, jobless claims). */
const LOWER_IS_BETTER = /(unemployment|jobless|claims)/i;

export type Outcome = "better" | "worse" | "inline";

/** Actual against forecast, from the reader's side of the number; null when either is missing. */
export function outcomeOf(e: {
  title: string;
  actual?: string | null;
  forecast: string | null;
}): Outcome | null {
  const actual = figureValue(e.actual);
  const forecast = figureValue(e.forecast);
  if (actual === null || forecast === null) return null;
  if (Math.abs(actual - forecast) < 1e-9) return "inline";
  const above = actual > forecast;
  return above !== LOWER_IS_BETTER.test(e.title) ? "better" : "worse";
}
