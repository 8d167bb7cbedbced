import { z } from "zod";
import { CALENDAR_COUNTRIES, IMPORTANCE_LEVELS, MAX_CALENDAR_DAYS } from "./analytics-options";
import {
  CALENDAR_CATEGORIES,
  EDITOR_CONFIDENCES,
  EVENT_STATUSES,
  isTimeZone,
  REMINDER_MINUTES,
} from "./calendar-options";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day ("2026-12-09", midnight UTC) or an instant ("2026-12-09T19:00:00Z"). */
const instant = (name: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || z.iso.datetime({ offset: true }).safeParse(v).success,
      `${name} must be a date (YYYY-MM-DD) or an ISO 8601 time with a zone (2026-12-09T19:00:00Z).`,
    )
    .transform((v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v))
    .refine((d) => !Number.isNaN(d.getTime()), `${name} is not a real date.`);

/** GET /api/calendar: from (default today, UTC), to (default 30 days later), country, importance, category. */
export const calendarApiQuerySchema = z
  .object({
    from: instant("from").optional(),
    to: instant("to").optional(),
    country: z
      .enum(CALENDAR_COUNTRIES, { error: `country must be one of: ${CALENDAR_COUNTRIES.join(", ")}.` })
      .optional(),
    importance: z
      .enum(IMPORTANCE_LEVELS, { error: `importance must be one of: ${IMPORTANCE_LEVELS.join(", ")}.` })
      .optional(),
    category: z
      .enum(CALENDAR_CATEGORIES, { error: `category must be one of: ${CALENDAR_CATEGORIES.join(", ")}.` })
      .optional(),
  })
  .transform((q) => {
    const now = new Date();
    const from = q.from ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const to = q.to ?? new Date(from.getTime() + 30 * DAY_MS);
    return { ...q, from, to };
  })
  .refine((q) => q.to > q.from, { message: "to must be after from.", path: ["to"] })
  .refine((q) => q.to.getTime() - q.from.getTime() <= MAX_CALENDAR_DAYS * DAY_MS, {
    message: `The range from..to can be at most ${MAX_CALENDAR_DAYS} days.`,
    path: ["to"],
  });

/** The reader's zone, from the page's picker or the browser's detection. */
export const timeZoneFormSchema = z.object({
  timeZone: z.string().refine(isTimeZone, "Choose a valid time zone."),
});

/** A form checkbox: present ("on") or absent. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** "Remind me": how long before, and which channels beyond in-app (mail, push, webhook). */
export const reminderFormSchema = z.object({
  minutesBefore: z.coerce
    .number()
    .int()
    .refine((m) => (REMINDER_MINUTES as readonly number[]).includes(m), "Choose when to be reminded."),
  notifyEmail: checkbox,
  notifyPush: checkbox,
  notifyWebhook: checkbox,
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => v || null);

/** An editor's Gulf event row (admin). */
export const calendarEventFormSchema = z.object({
  id: z
    .union([z.literal(""), z.uuid("Unknown event")])
    .optional()
    .transform((v) => v || null),
  title: z.string().trim().min(3, "Give the event a title.").max(200, "At most 200 characters."),
  /** A datetime-local value is UTC (the admin form says so). */
  startsAt: z.preprocess(
    (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00Z` : v),
    z.iso.datetime({ offset: true, error: "Give the date and time (UTC)." }).transform((v) => new Date(v)),
  ),
  country: z.enum(CALENDAR_COUNTRIES, { error: "Choose a country." }),
  category: z.enum(CALENDAR_CATEGORIES, { error: "Choose a category." }),
  importance: z.enum(IMPORTANCE_LEVELS, { error: "Choose an importance." }),
  confidence: z.enum(EDITOR_CONFIDENCES, { error: "Choose confirmed or expected." }),
  status: z.enum(EVENT_STATUSES).default("scheduled"),
  sourceUrl: z
    .union([
      z.literal(""),
      z.url({ protocol: /^https?$/, error: "The source link must be an http(s) address." }),
    ])
    .optional()
    .transform((v) => v || null),
  description: optionalText(1000),
  forecast: optionalText(40),
  previous: optionalText(40),
  actual: optionalText(40),
});
export type CalendarEventForm = z.output<typeof calendarEventFormSchema>;
