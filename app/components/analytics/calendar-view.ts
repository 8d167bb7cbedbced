import { CURRENCY_NAMES_AR, calendarTextAr, calendarTitleAr } from "#common/calendar-glossary-ar";
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
  /**
   * "en" when an Arabic page shows the English text because the glossary lacks it (the text is
   * then marked lang="en"); null when the text is in the page's language.
   */
  titleLang: "en" | null;
  descriptionLang: "en" | null;
  impactLang: "en" | null;
  country: string;
  /** A currency code the page has no country name for, named in Arabic on Arabic pages; else null. */
  currencyName: string | null;
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
  const title = inPageLang(f.lang, e.title, calendarTitleAr);
  const description = inPageLang(f.lang, e.description, calendarTextAr);
  const impact = inPageLang(f.lang, e.impact, calendarTextAr);
  return {
    id: e.id,
    title: title.text,
    titleLang: title.lang,
    description: description.text,
    descriptionLang: description.lang,
    country: e.country,
    currencyName: f.lang === "ar" ? (CURRENCY_NAMES_AR[e.country] ?? null) : null,
    category: e.category,
    importance: e.importance,
    impact: impact.text,
    impactLang: impact.lang,
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

/** The event's text on the page: Arabic from the glossary on Arabic pages, else the English, marked. */
function inPageLang(
  lang: Format["lang"],
  text: string,
  arabic: (en: string) => string | null,
): { text: string; lang: "en" | null } {
  if (lang !== "ar" || !text) return { text, lang: null };
  const ar = arabic(text);
  return ar ? { text: ar, lang: null } : { text, lang: "en" };
}

export function zoneView(timeZone: string | null, f: Format): ZoneView {
  const id = timeZone ?? DEFAULT_TIME_ZONE;
  return {
    id,
    label: zonedText(new Date(), id, f.lang, f.digits).zone,
    origin: timeZone ? "reader" : "default",
  };
}

/** A text in the page's language gets `dir="auto"` only; an English one on an Arabic page its lang and dir. */
export function langAttrs(lang: "en" | null): { lang?: "en"; dir: "ltr" | "auto" } {
  return lang ? { lang, dir: "ltr" } : { dir: "auto" };
}
