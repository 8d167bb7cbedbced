import { CalendarDays, Download } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { CALENDAR_COUNTRIES, CALENDAR_DAY_OPTIONS, IMPORTANCE_LEVELS } from "#common/analytics-options";
import type { CalendarQuery } from "#common/analytics-schema";
import { ImportanceBadge, ImportanceDot, StepError } from "./badges";
import type { EventView } from "./view";

const selectClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

/** The Economic Calendar, with the day range (default 30), country and importance filters. */
export function EconomicCalendar({ events, query }: { events: EventView[] | null; query: CalendarQuery }) {
  const { t } = useTranslation("analytics");
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
      <Form
        method="get"
        preventScrollReset
        className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-end"
        onChange={(e) => submit(e.currentTarget, { preventScrollReset: true, replace: true })}
      >
        <input type="hidden" name="tab" value="calendar" />
        <div>
          <label htmlFor={`${id}-days`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("calendar.days")}
          </label>
          <select id={`${id}-days`} name="days" defaultValue={String(query.days)} className={selectClass}>
            {dayOptions.map((d) => (
              <option key={d} value={d}>
                {t("calendar.daysOption", { count: d })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-country`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("calendar.country")}
          </label>
          <select
            id={`${id}-country`}
            name="country"
            defaultValue={query.country ?? ""}
            className={selectClass}
          >
            <option value="">{t("calendar.allCountries")}</option>
            {CALENDAR_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-importance`} className="mb-1 block text-sm font-medium text-slate-700">
            {t("calendar.importance")}
          </label>
          <select
            id={`${id}-importance`}
            name="importance"
            defaultValue={query.importance ?? ""}
            className={selectClass}
          >
            <option value="">{t("calendar.allImportance")}</option>
            {IMPORTANCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`calendar.importanceLevel.${level}`)}
              </option>
            ))}
          </select>
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
            <li
              key={e.id}
              data-testid="calendar-event"
              className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <ImportanceDot importance={e.importance} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{e.title}</h3>
                  <ImportanceBadge importance={e.importance} />
                </div>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
                  <span data-testid="event-country">{e.country}</span>
                  <span data-testid="event-category">{e.category}</span>
                </p>
                <p className="mt-2 text-sm text-slate-700">{e.description}</p>
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
                  {e.forecast ? (
                    <div className="flex gap-1">
                      <dt className="text-slate-500">{t("calendar.forecast")}:</dt>
                      <dd className="font-medium">{e.forecast}</dd>
                    </div>
                  ) : null}
                  {e.previous ? (
                    <div className="flex gap-1">
                      <dt className="text-slate-500">{t("calendar.previous")}:</dt>
                      <dd className="font-medium">{e.previous}</dd>
                    </div>
                  ) : null}
                </dl>
                {e.impact ? (
                  <p className="mt-2 text-sm text-slate-600">
                    <span className="font-medium text-slate-700">{t("calendar.impact")}:</span> {e.impact}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-xs text-slate-500">{t("calendar.note")}</p>
    </section>
  );
}
