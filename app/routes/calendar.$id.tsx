import { ArrowLeft, ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, useLoaderData, useRouteError } from "react-router";
import { type ActionResult, failureOf, invalid } from "#common/action-result";
import { REMINDER_MINUTES } from "#common/calendar-options";
import { reminderFormSchema } from "#common/calendar-schema";
import { zonedText } from "#common/calendar-time";
import { ImportanceBadge, ImportanceDot } from "~/components/analytics/badges";
import { HistoryChart } from "~/components/analytics/calendar-history";
import {
  EventFigures,
  OutcomeLabel,
  SourceBadge,
  TimeZonePicker,
} from "~/components/analytics/calendar-parts";
import { langAttrs, toCalendarEventView, zoneView } from "~/components/analytics/calendar-view";
import { useForm } from "~/components/forms/use-form";
import { Page } from "~/components/layout/page";
import { RouteError } from "~/components/layout/route-error";
import { Link } from "~/components/link";
import { getUser, services } from "~/lib/auth.server";
import { readFormFields } from "~/lib/form.server";
import { metaText } from "~/lib/meta-text";
import { errorPageMeta, pageMeta } from "~/lib/seo";
import { calendarOf, readerTimeZone } from "~/lib/server/calendar-zone.server";
import { useServerText } from "~/lib/server-text";
import { formatFor } from "~/lib/use-format";
import type { Route } from "./+types/calendar.$id";
import "~/locales/analytics";
import "~/locales/calendar";

const HISTORY = 12;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const calendar = calendarOf(context);
  const event = await calendar.byId(params.id);
  if (!event) throw data(null, { status: 404 });
  const f = formatFor(request);
  const zone = zoneView(await readerTimeZone(request, context), f);
  const history = event.series
    ? await calendar.history(event.series, { before: event.startsAt, limit: HISTORY })
    : [];
  const user = await getUser(request, context);
  const reminder = user ? await calendar.reminders.get(user.id, event.id) : null;
  return {
    event: toCalendarEventView(event, f, zone.id),
    history: history.map((e) => toCalendarEventView(e, f, zone.id)),
    zone,
    signedIn: Boolean(user),
    upcoming: event.startsAt.getTime() > Date.now() && event.status !== "cancelled",
    reminder: reminder
      ? {
          minutesBefore: reminder.minutesBefore,
          notifyEmail: reminder.notifyEmail,
          notifyPush: reminder.notifyPush,
          notifyWebhook: reminder.notifyWebhook,
          at: zonedText(reminder.remindAt, zone.id, f.lang, f.digits),
        }
      : null,
  };
}

/** "Remind me": set or remove the signed-in user's reminder for this event. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getUser(request, context);
  if (!user) return data({ ok: false as const, error: "signIn" }, { status: 401 });
  const form = await readFormFields(request);
  const reminders = calendarOf(context).reminders;
  if (form.intent === "remove") {
    await reminders.remove(user.id, params.id);
    return { ok: true as const, removed: true };
  }
  const parsed = reminderFormSchema.safeParse(form);
  if (!parsed.success) return data({ ...invalid(parsed.error), ok: false as const }, { status: 400 });
  try {
    await reminders.set(user.id, { eventId: params.id, ...parsed.data });
    return { ok: true as const, removed: false };
  } catch (err) {
    const { status, body } = failureOf(err, "failed", (err) =>
      services(context).log.error({ err }, "calendar reminder failed"),
    );
    return data(body, { status });
  }
}

export default function CalendarEventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("calendar");
  const { t: ta } = useTranslation("analytics");
  const { event, history, zone } = loaderData;
  return (
    <Page
      title={event.title}
      titleAttrs={event.titleLang ? { lang: event.titleLang, dir: "ltr" } : undefined}
      subtitle={`${t(`countries.${event.country}`, { defaultValue: event.currencyName ?? event.country })} · ${t(`categories.${event.category}`, { defaultValue: event.category })}`}
    >
      <Link
        to="/news-analytics?tab=calendar"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t("event.back")}
      </Link>
      <article
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        data-testid="event-detail"
      >
        <div className="flex flex-wrap items-center gap-2">
          <ImportanceDot importance={event.importance} />
          <ImportanceBadge importance={event.importance} />
          <SourceBadge event={event} />
          {event.cancelled ? (
            <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">
              {t("cancelled")}
            </span>
          ) : null}
        </div>
        <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-slate-500">{t("event.when")}</dt>
          <dd>
            <time dateTime={event.iso} data-testid="event-when">
              {event.date} · {event.time}
            </time>
          </dd>
          <dt className="text-slate-500">{t("sourceLabel")}</dt>
          <dd>
            {t(`source.${event.source}`)}
            {event.sourceUrl ? (
              <>
                {" · "}
                <a
                  href={event.sourceUrl}
                  rel="noopener noreferrer external"
                  target="_blank"
                  className="inline-flex items-center gap-1 text-brand-700 underline"
                >
                  {t("sourceLink")}
                  <ExternalLink className="size-3" aria-hidden />
                </a>
              </>
            ) : null}
          </dd>
        </dl>
        <div className="mt-3">
          <EventFigures event={event} />
        </div>
        {event.description ? (
          <p className="mt-3 text-slate-700" {...langAttrs(event.descriptionLang)}>
            {event.description}
          </p>
        ) : null}
        {event.impact ? (
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-medium text-slate-700">{ta("calendar.impact")}:</span>{" "}
            <bdi {...langAttrs(event.impactLang)}>{event.impact}</bdi>
          </p>
        ) : null}
        <div className="mt-4 border-t border-slate-100 pt-4">
          <TimeZonePicker zone={zone} compact />
        </div>
      </article>

      <ReminderBox />

      <section className="mt-8" aria-labelledby="history-title">
        <h2 id="history-title" className="text-lg font-semibold">
          {t("event.history")}
        </h2>
        {history.length === 0 ? (
          <p className="mt-2 text-slate-600">{t("event.noHistory")}</p>
        ) : (
          <>
            <HistoryChart history={history} />
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[28rem] text-sm" data-testid="event-history">
                <thead>
                  <tr className="border-b border-slate-200 text-start text-slate-500">
                    <th className="py-2 text-start font-medium">{ta("calendar.date")}</th>
                    <th className="py-2 text-start font-medium">{t("actual")}</th>
                    <th className="py-2 text-start font-medium">{ta("calendar.forecast")}</th>
                    <th className="py-2 text-start font-medium">{ta("calendar.previous")}</th>
                    <th className="py-2 text-start font-medium">{t("event.result")}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((h) => (
                    <tr key={h.id} className="border-b border-slate-100">
                      <td className="py-2">
                        <Link to={`/calendar/${h.id}`} className="hover:underline">
                          <time dateTime={h.iso}>{h.date}</time>
                        </Link>
                      </td>
                      <td className="py-2 font-semibold">
                        <bdi dir="ltr">{h.actual ?? "—"}</bdi>
                      </td>
                      <td className="py-2">
                        <bdi dir="ltr">{h.forecast ?? "—"}</bdi>
                      </td>
                      <td className="py-2">
                        <bdi dir="ltr">{h.previous ?? "—"}</bdi>
                      </td>
                      <td className="py-2">
                        <OutcomeLabel outcome={h.outcome} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </Page>
  );
}

function ReminderBox() {
  const { t } = useTranslation("calendar");
  const st = useServerText();
  // The form keeps the chosen values after an answer (the saved reminder is shown beside them).
  const { fetcher } = useForm<ActionResult<{ removed: boolean }>>({ resetOnSuccess: false });
  const { signedIn, upcoming, reminder } = useLoaderData<typeof loader>();
  if (!upcoming) return null;
  const result = fetcher.data;
  const error =
    result && !result.ok
      ? result.error === "signIn"
        ? t("reminder.signIn")
        : result.error && result.error !== "failed"
          ? st(result.error)
          : t("reminder.failed")
      : null;
  return (
    <section
      id="reminder"
      className="mt-6 scroll-mt-20 rounded-lg border border-brand-200 bg-brand-50/40 p-4"
      aria-labelledby="reminder-title"
      data-testid="reminder"
    >
      <h2 id="reminder-title" className="font-semibold">
        {t("reminder.heading")}
      </h2>
      {!signedIn ? (
        <p className="mt-1 text-sm">
          <Link to="/auth" className="font-medium text-brand-700 underline">
            {t("reminder.signIn")}
          </Link>
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">{t("reminder.minutes")}</span>
            <select
              name="minutesBefore"
              defaultValue={String(reminder?.minutesBefore ?? 15)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              {REMINDER_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {m === 1440 ? t("reminder.optionDay") : t("reminder.option", { count: m })}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <legend className="sr-only">{t("reminder.channels")}</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="notifyEmail" defaultChecked={reminder?.notifyEmail ?? false} />
              {t("reminder.email")}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="notifyPush" defaultChecked={reminder?.notifyPush ?? false} />
              {t("reminder.push")}
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="notifyWebhook" defaultChecked={reminder?.notifyWebhook ?? false} />
              {t("reminder.webhook")}
            </label>
          </fieldset>
          <button
            type="submit"
            name="intent"
            value="set"
            disabled={fetcher.state !== "idle"}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
          >
            {reminder ? t("reminder.update") : t("reminder.save")}
          </button>
          {reminder ? (
            <button
              type="submit"
              name="intent"
              value="remove"
              disabled={fetcher.state !== "idle"}
              className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-white"
            >
              {t("reminder.remove")}
            </button>
          ) : null}
        </fetcher.Form>
      )}
      {signedIn ? (
        <p className="mt-2 text-xs text-slate-600">
          {t("reminder.channelsHint")}{" "}
          <Link to="/account" className="font-medium text-brand-700 underline">
            {t("reminder.manageChannels")}
          </Link>
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-slate-700">
        {reminder && fetcher.state === "idle"
          ? t("reminder.set", { when: `${reminder.at.date} ${reminder.at.time}` })
          : result?.ok && result.removed
            ? t("reminder.removed")
            : ""}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData: d, location }) => {
  if (!d) return errorPageMeta();
  return pageMeta(matches, {
    ...metaText(matches, "calendarEvent", { title: d.event.title, country: d.event.country }),
    path: location.pathname,
  });
};

export function ErrorBoundary() {
  const { t } = useTranslation("calendar");
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <RouteError
      title={missing ? t("event.notFound") : t("reminder.failed")}
      message={t("reminder.failed")}
      back={{ to: "/news-analytics?tab=calendar", label: t("event.back") }}
    />
  );
}
