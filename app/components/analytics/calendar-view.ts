import { DEFAULT_TIME_ZONE, type Outcome, outcomeOf } from "#common/calendar-options";
import { zonedText } from "#common/calendar-time";
import type { EconomicEvent } from "#server/calendar/types";
import type { Format } from "~/lib/format";

/**
 * A calendar event as the page shows it. Dates and times are formatted once on the server in the
 * reader's zone (the `tz` cookie, the signed-in user's saved zone, else Gulf Standard Time), so
 * the browser hydrates the same text and nothing flashes.
 */
export interface CalendarEventView {
  id: string;
  title: string;
  description: string;
  country: string;
  category: string;
  importance: EconomicEvent["importance"];
  impact: string;
  forecast: string | null;
  previous: string | null;
  actual: string | null;
  outcome: Outcome | null;
  source: NonNullable<EconomicEvent["source"]>;
  confidence: NonNullable<EconomicEvent["confidence"]>;
  sourceUrl: string | null;
  cancelled: boolean;
  /** Still ahead when the server rendered it (decided there, so the browser hydrates the same). */
  upcoming: boolean;
  date: string;
  time: string;
  iso: string;
}

export interface ZoneView {
  /** The IANA name. */
  id: string;
  /** "Gulf Standard Time (Asia/Dubai)" in the page's language. */
  label: string;
  /** Where it came from: the reader's choice or browser (cookie / account), or the default. */
  origin: "reader" | "default";
}

export function toCalendarEventView(e: EconomicEvent, f: Format, timeZone: string): CalendarEventView {
  const zoned = zonedText(e.startsAt, timeZone, f.lang, f.digits);
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    country: e.country,
    category: e.category,
    importance: e.importance,
    impact: e.impact,
    forecast: e.forecast,
    previous: e.previous,
    actual: e.actual ?? null,
    outcome: outcomeOf(e),
    source: e.source ?? "schedule",
    confidence: e.confidence ?? "schedule",
    sourceUrl: e.sourceUrl ?? null,
    cancelled: e.status === "cancelled",
    upcoming: e.status !== "cancelled" && e.startsAt.getTime() > Date.now(),
    date: zoned.date,
    time: zoned.time,
    iso: e.startsAt.toISOString(),
  };
}

export function zoneView(timeZone: string | null, f: Format): ZoneView {
  const id = timeZone ?? DEFAULT_TIME_ZONE;
  return {
    id,
    label: zonedText(new Date(), id, f.lang, f.digits).zone,
    origin: timeZone ? "reader" : "default",
  };
}
