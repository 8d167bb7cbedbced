import { z } from "zod";
import type { Logger } from "../logger";
import type { EconomicEvent } from "./types";

/**
 * The Forex Factory weekly calendar export (ff_calendar_thisweek.json / _nextweek.json): an array of
 * `{ title, country (a currency code, "All" for global), date (ISO 8601 with the US Eastern offset),
 * impact ("High" | "Medium" | "Low" | "Holiday"), forecast, previous }`, empty strings for
 * missing figures. Some copies also carry `actual` and `url`; both are optional here.
 */
const rowSchema = z.object({
  title: z.string().trim().min(1).max(200),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,4}$/),
  date: z.iso.datetime({ offset: true }),
  impact: z.enum(["High", "Medium", "Low", "Holiday", "Non-Economic"]),
  forecast: z.string().max(40).optional(),
  previous: z.string().max(40).optional(),
  actual: z.string().max(40).optional(),
});
export type ForexFactoryRow = z.infer<typeof rowSchema>;

/** A feed row as stored: the stable source key survives a change of time, figures or impact. */
export interface FeedEvent extends Omit<EconomicEvent, "id"> {
  sourceKey: string;
  series: string;
}

/** Currency codes as the country the calendar lists them under. */
const COUNTRY_OF: Record<string, string> = {
  USD: "United States",
  EUR: "Euro Area",
  GBP: "United Kingdom",
  JPY: "Japan",
  CNY: "China",
  CAD: "Canada",
  AUD: "Australia",
  NZD: "New Zealand",
  CHF: "Switzerland",
  ALL: "Global",
};

export const FEED_SOURCE_URL = "https://www.forexfactory.com/calendar";

/** Parses the export; rows that do not match the documented shape are skipped with a log line. */
export function parseForexFactory(body: string, log: Logger, url = "feed"): ForexFactoryRow[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error(`calendar feed ${url} is not JSON`);
  }
  if (!Array.isArray(json)) throw new Error(`calendar feed ${url} is not an array`);
  const rows: ForexFactoryRow[] = [];
  json.forEach((raw, index) => {
    const parsed = rowSchema.safeParse(raw);
    if (parsed.success) rows.push(parsed.data);
    else
      log.warn(
        { url, index, issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) },
        "calendar: skipped a malformed Forex Factory row",
      );
  });
  return rows;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The Monday of the week of a date written as YYYY-MM-DD (the feed's own, US Eastern, date). */
function mondayOf(localDate: string): string {
  const d = new Date(`${localDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** A topic for the category filter, from the title (the feed has none). */
export function categoryOf(title: string, impact: ForexFactoryRow["impact"]): string {
  if (impact === "Holiday" || /holiday/i.test(title)) return "Holiday";
  const t = title.toLowerCase();
  if (/\b(cpi|ppi|pce|inflation|price index)\b/.test(t)) return "Inflation";
  if (/(employment|payroll|jobless|claims|jolts|earnings|wage)/.test(t)) return "Employment";
  if (/(rate|fomc|monetary|policy|statement|minutes|speaks|press conference|beige book)/.test(t))
    return "Central Bank";
  if (/\bgdp\b/.test(t)) return "Growth";
  if (/(pmi|ism|sentiment|confidence|production|orders|business)/.test(t)) return "Business Activity";
  if (/(crude|oil|natural gas|opec)/.test(t)) return "Energy";
  if (/(retail|spending|sales)/.test(t)) return "Consumption";
  if (/(housing|home|building|permits)/.test(t)) return "Housing";
  if (/(trade balance|current account)/.test(t)) return "Trade";
  return "Other";
}

const IMPORTANCE: Record<ForexFactoryRow["impact"], EconomicEvent["importance"]> = {
  High: "high",
  Medium: "medium",
  Low: "low",
  Holiday: "low",
  "Non-Economic": "low",
};

const figure = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Feed rows as calendar events. The key is currency + title + the week: a release that moves
 * within its week (or changes its forecast) updates in place. Titles repeated in one week (a
 * speaker twice, two bank holidays) are numbered in time order. The Fed's rate decision lands on
 * the shipped schedule's row for that day, which the feed then confirms.
 */
export function toFeedEvents(rows: ForexFactoryRow[]): FeedEvent[] {
  const sorted = [...rows].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const seen = new Map<string, number>();
  return sorted.map((r) => {
    const currency = r.country.toUpperCase();
    const localDate = r.date.slice(0, 10);
    const series = `ff:${currency}:${slug(r.title)}`;
    let sourceKey = `${series}:${mondayOf(localDate)}`;
    const n = (seen.get(sourceKey) ?? 0) + 1;
    seen.set(sourceKey, n);
    if (n > 1) sourceKey += `#${n}`;
    const fed = currency === "USD" && /^federal funds rate$/i.test(r.title);
    return {
      sourceKey: fed ? `fomc:${localDate}` : sourceKey,
      series: fed ? "fomc" : series,
      title: r.title,
      description: "",
      startsAt: new Date(r.date),
      country: COUNTRY_OF[currency] ?? currency,
      category: categoryOf(r.title, r.impact),
      importance: IMPORTANCE[r.impact],
      impact: "",
      forecast: figure(r.forecast),
      previous: figure(r.previous),
      actual: figure(r.actual),
      source: "forexfactory",
      confidence: "confirmed",
      sourceUrl: FEED_SOURCE_URL,
      status: "scheduled",
    };
  });
}
