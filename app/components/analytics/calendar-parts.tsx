import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { TIME_ZONE_CHOICES, timeZoneFromCookie } from "#common/calendar-options";
import type { CalendarEventView, ZoneView } from "./calendar-view";
import "~/locales/analytics";
import "~/locales/calendar";

const pill = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold";

const OUTCOME_CLASS = {
  better: "bg-emerald-100 text-emerald-800",
  worse: "bg-red-100 text-red-800",
  inline: "bg-slate-200 text-slate-700",
};

/** Beat / miss in colour and in words (the colour alone says nothing to a screen reader). */
export function OutcomeLabel({ outcome }: { outcome: CalendarEventView["outcome"] }) {
  const { t } = useTranslation("calendar");
  if (!outcome) return null;
  return (
    <span className={`${pill} ${OUTCOME_CLASS[outcome]}`} data-testid="event-outcome" data-outcome={outcome}>
      {t(`outcome.${outcome}`)}
    </span>
  );
}

const CONFIDENCE_CLASS = {
  confirmed: "border-emerald-300 text-emerald-800",
  expected: "border-sky-300 text-sky-800",
  schedule: "border-slate-300 text-slate-600",
};

/** Where the time comes from and how sure it is: a schedule row is never shown as confirmed. */
export function SourceBadge({ event }: { event: Pick<CalendarEventView, "source" | "confidence"> }) {
  const { t } = useTranslation("calendar");
  return (
    <span
      className={`${pill} border ${CONFIDENCE_CLASS[event.confidence]}`}
      title={t(`source.${event.source}`)}
      data-testid="event-confidence"
    >
      {t(`confidence.${event.confidence}`)}
      <span className="sr-only">
        {" "}
        — {t("sourceLabel")}: {t(`source.${event.source}`)}
      </span>
    </span>
  );
}

/** Actual (with its beat / miss label), forecast and previous, those that are known. */
export function EventFigures({ event }: { event: CalendarEventView }) {
  const { t } = useTranslation("calendar");
  const { t: ta } = useTranslation("analytics");
  return (
    <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
      {event.actual ? (
        <div className="flex items-center gap-1">
          <dt className="text-slate-500">{t("actual")}:</dt>
          <dd className="flex items-center gap-2 font-semibold" data-testid="event-actual">
            <bdi dir="ltr">{event.actual}</bdi>
            <OutcomeLabel outcome={event.outcome} />
          </dd>
        </div>
      ) : null}
      {event.forecast ? (
        <div className="flex gap-1">
          <dt className="text-slate-500">{ta("calendar.forecast")}:</dt>
          <dd className="font-medium" data-testid="event-forecast">
            <bdi dir="ltr">{event.forecast}</bdi>
          </dd>
        </div>
      ) : null}
      {event.previous ? (
        <div className="flex gap-1">
          <dt className="text-slate-500">{ta("calendar.previous")}:</dt>
          <dd className="font-medium">
            <bdi dir="ltr">{event.previous}</bdi>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

async function saveTimeZone(timeZone: string): Promise<boolean> {
  const body = new URLSearchParams({ timeZone });
  const res = await fetch("/api/calendar/time-zone", { method: "POST", body }).catch(() => null);
  return Boolean(res?.ok);
}

/**
 * The zone the page's times are in, named, with a picker. On a first visit (no `tz` cookie, no
 * saved zone) the browser's own zone is reported once and the page re-renders in it; after that
 * the server renders the right zone from the cookie, so nothing flashes.
 */
export function TimeZonePicker({ zone, compact = false }: { zone: ZoneView; compact?: boolean }) {
  const { t } = useTranslation("calendar");
  const id = useId();
  const revalidator = useRevalidator();
  const [detected, setDetected] = useState<string | null>(null);
  const [error, setError] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the revalidated render has the cookie
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    setDetected(browser);
    if (zone.origin === "default" && !timeZoneFromCookie(document.cookie) && browser) {
      saveTimeZone(browser).then((ok) => {
        if (ok && browser !== zone.id) revalidator.revalidate();
      });
    }
  }, []);

  const choices: string[] = [...TIME_ZONE_CHOICES];
  for (const extra of [zone.id, detected]) if (extra && !choices.includes(extra)) choices.unshift(extra);

  async function choose(value: string) {
    setError(false);
    if (await saveTimeZone(value)) revalidator.revalidate();
    else setError(true);
  }

  return (
    <div className={compact ? "text-sm" : "text-sm"} data-testid="time-zone">
      <p className="text-slate-700">
        <span data-testid="time-zone-name">{t("timeZone.shownIn", { zone: zone.label })}</span>
        {zone.origin === "default" ? (
          <span className="text-slate-500"> · {t("timeZone.default")}</span>
        ) : null}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-tz`} className="font-medium text-slate-700">
          {t("timeZone.label")}
        </label>
        <select
          id={`${id}-tz`}
          name="tz"
          value={zone.id}
          onChange={(e) => choose(e.currentTarget.value)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
          dir="ltr"
        >
          {choices.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
        {detected && detected !== zone.id ? (
          <span className="text-xs text-slate-500">{t("timeZone.detected", { zone: detected })}</span>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t("timeZone.saveFailed")}
        </p>
      ) : null}
    </div>
  );
}
