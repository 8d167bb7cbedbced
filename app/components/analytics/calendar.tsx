import { CalendarDays, Download } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { CALENDAR_COUNTRIES, CALENDAR_DAY_OPTIONS, IMPORTANCE_LEVELS } from "#common/analytics-options";
import type { CalendarQuery } from "#common/analytics-schema";
import { CALENDAR_CATEGORIES } from "#common/calendar-options";
import { Select } from "~/components/forms/field";
import { Link } from "~/components/link";
import { ImportanceBadge, ImportanceDot, StepError } from "./badges";
import { EventFigures, SourceBadge, TimeZonePicker } from "./calendar-parts";
import { type CalendarEventView, langAttrs, type ZoneView } from "./calendar-view";
import "~/locales/analytics";
import "~/locales/calendar";

/**
 * The Economic Calendar: day range (default 30), country, importance and category filters kept in
 * the address; times in the reader's zone, named; each event links to its page with past releases.
 */
export function EconomicCalendar({
  events,
  query,
  zone,
}: {
  events: CalendarEventView[] | null;
  query: CalendarQuery;
  zone: ZoneView;
}) {
  const { t } = useTranslation("analytics");
  const { t: tc } = useTranslation("calendar");
  const submit = useSubmit();
  const id = useId();
  const ics = new URLSearchParams();
  if (query.country) ics.set("country", query.country);
  if (query.importance) ics.set("importance", query.importance);
  const dayOptions = CALENDAR_DAY_OPTIONS.includes(query.days as 30)
    ? CALENDAR_DAY_OPTIONS
    : [...CALENDAR_DAY_OPTIONS, query.days];
  return (
    <section aria-labelledby="calendar-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="calendar-title" className="flex items-center gap-2 text-xl font-semibold">
            <CalendarDays className="size-5 text-brand-600" aria-hidden />
            {t("calendar.heading")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("calendar.intro")}</p>
        </div>
        <a
          href={`/calendar.ics${ics.size ? `?${ics}` : ""}`}
          className="inline-flex items-center gap-2 rounded-md border border-brand-600 px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <Download className="size-4" aria-hidden />
          {t("calendar.subscribe")}
        </a>
      </div>
      <div className="mt-4">
        <TimeZonePicker zone={zone} />
      </div>
      <Form
        method="get"
        preventScrollReset
        className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-5 sm:items-end"
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
      >
        <input type="hidden" name="tab" value="calendar" />
        <div>
          <label htmlFor={`${id}-days`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("calendar.days")}
          </label>
          <Select id={`${id}-days`} name="days" defaultValue={String(query.days)} className="text-sm">
            {dayOptions.map((d) => (
              <option key={d} value={d}>
                {t("calendar.daysOption", { count: d })}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-country`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("calendar.country")}
          </label>
          <Select id={`${id}-country`} name="country" defaultValue={query.country ?? ""} className="text-sm">
            <option value="">{t("calendar.allCountries")}</option>
            {CALENDAR_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {tc(`countries.${c}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-importance`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("calendar.importance")}
          </label>
          <Select
            id={`${id}-importance`}
            name="importance"
            defaultValue={query.importance ?? ""}
            className="text-sm"
          >
            <option value="">{t("calendar.allImportance")}</option>
            {IMPORTANCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`calendar.importanceLevel.${level}`)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-slate-700">
            {tc("category")}
          </label>
          <Select
            id={`${id}-category`}
            name="category"
            defaultValue={query.category ?? ""}
            className="text-sm"
          >
            <option value="">{tc("allCategories")}</option>
            {CALENDAR_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {tc(`categories.${c}`)}
              </option>
            ))}
          </Select>
        </div>
        <button
          type="submit"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("calendar.apply")}
        </button>
      </Form>
      {!events ? (
        <div className="mt-4">
          <StepError message={t("errors.calendar")} />
        </div>
      ) : events.length === 0 ? (
        <p className="mt-4 text-slate-600">{t("calendar.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {events.map((e) => (
            <CalendarRow key={e.id} event={e} />
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-slate-500">{t("calendar.note")}</p>
    </section>
  );
}

function CalendarRow({ event: e }: { event: CalendarEventView }) {
  const { t } = useTranslation("analytics");
  const { t: tc } = useTranslation("calendar");
  return (
    <li
      data-testid="calendar-event"
      data-event-id={e.id}
      className={`flex gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${e.cancelled ? "opacity-70" : ""}`}
    >
      <ImportanceDot importance={e.importance} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className={`font-semibold text-slate-900 ${e.cancelled ? "line-through" : ""}`}>
            <Link
              to={`/calendar/${e.id}`}
              className="hover:text-brand-700 hover:underline"
              {...langAttrs(e.titleLang)}
              data-testid="event-title"
            >
              {e.title}
            </Link>
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            {e.cancelled ? (
              <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">
                {tc("cancelled")}
              </span>
            ) : null}
            <SourceBadge event={e} />
            <ImportanceBadge importance={e.importance} />
          </div>
        </div>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
          <span data-testid="event-country" data-country={e.country}>
            {tc(`countries.${e.country}`, { defaultValue: e.currencyName ?? e.country })}
          </span>
          <span data-testid="event-category">
            {tc(`categories.${e.category}`, { defaultValue: e.category })}
          </span>
        </p>
        {e.description ? (
          <p className="mt-2 text-sm text-slate-700" {...langAttrs(e.descriptionLang)}>
            {e.description}
          </p>
        ) : null}
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-500">{t("calendar.date")}:</dt>
            <dd>
              <time dateTime={e.iso} data-testid="event-date">
                {e.date}
              </time>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-500">{t("calendar.time")}:</dt>
            <dd data-testid="event-time">{e.time}</dd>
          </div>
        </dl>
        <div className="mt-1">
          <EventFigures event={e} />
        </div>
        <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
          <Link to={`/calendar/${e.id}`} className="font-medium text-brand-700 hover:underline">
            {tc("details")}
          </Link>
          {e.upcoming ? (
            <Link to={`/calendar/${e.id}#reminder`} className="font-medium text-brand-700 hover:underline">
              {tc("reminder.heading")}
            </Link>
          ) : null}
        </p>
        {e.impact ? (
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-medium text-slate-700">{t("calendar.impact")}:</span>{" "}
            <bdi {...langAttrs(e.impactLang)}>{e.impact}</bdi>
          </p>
        ) : null}
      </div>
    </li>
  );
}
