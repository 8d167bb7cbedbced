import { useTranslation } from "react-i18next";
import { CALENDAR_COUNTRIES, IMPORTANCE_LEVELS } from "#common/analytics-options";
import { CALENDAR_CATEGORIES } from "#common/calendar-options";
import { Field, SelectField, Input as TextBox } from "~/components/forms/field";
import { useForm } from "~/components/forms/use-form";
import { Link } from "~/components/link";
import { useServerText } from "~/lib/server-text";
import { AdminTable } from "./table";
import { Panel, smallButton, tdClass } from "./ui";
import { UntranslatedTitles } from "./untranslated-titles";
import "~/locales/analytics";
import "~/locales/calendar";

export interface CalendarRowData {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  country: string;
  category: string;
  importance: "high" | "medium" | "low";
  confidence: "confirmed" | "expected" | "schedule";
  source: "schedule" | "forexfactory" | "editor";
  status: "scheduled" | "cancelled";
  sourceUrl: string | null;
  forecast: string | null;
  previous: string | null;
  actual: string | null;
}

export interface CalendarTabData {
  rows: CalendarRowData[];
  total: number;
  page: number;
  pages: number;
  q: string;
  edit: CalendarRowData | null;
  /** Titles Arabic pages show in English, for the editor to have added to the glossary. */
  untranslated: Array<{ title: string; events: number }>;
}

type SaveResult =
  | { ok: true; message: string; id: string }
  | { ok: false; error: string; fields?: Record<string, string> };

/** "2026-12-09T19:00:00.000Z" -> "2026-12-09T19:00" for a datetime-local input (UTC). */
const localValue = (iso: string) => iso.slice(0, 16);

/**
 * Gulf events the global feeds miss, kept by editors: each row with a confidence (confirmed /
 * expected; rows from the shipped schedule say "Schedule" until confirmed), a source link and the
 * actual figure once released. Saved through POST /api/admin/calendar.
 */
export function CalendarTab({ data }: { data: CalendarTabData }) {
  const { t } = useTranslation("calendar");
  const { t: ta } = useTranslation("analytics");
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t("admin.intro")}</p>
      <EventForm key={data.edit?.id ?? "new"} row={data.edit} />
      <Panel
        title={t("admin.search")}
        actions={
          <form method="get" className="flex gap-2">
            <TextBox name="q" defaultValue={data.q} aria-label={t("admin.search")} className="py-1" />
            <button type="submit" className={smallButton}>
              {t("admin.search")}
            </button>
          </form>
        }
      >
        {data.rows.length === 0 ? (
          <p className="text-slate-600">{t("admin.empty")}</p>
        ) : (
          <AdminTable
            columns={[
              t("admin.title"),
              t("admin.startsAt"),
              ta("calendar.country"),
              t("sourceLabel"),
              t("actual"),
              t("admin.status"),
            ]}
            actions={t("admin.edit")}
            rows={data.rows}
            row={(r) => (
              <tr key={r.id} data-testid="admin-calendar-row" data-starts-at={r.startsAt}>
                <td className={tdClass}>
                  <Link to={`/calendar/${r.id}`} className="hover:underline">
                    {r.title}
                  </Link>
                </td>
                <td className={`${tdClass} whitespace-nowrap`} dir="ltr">
                  {t("admin.utcTime", { time: r.startsAt.slice(0, 16).replace("T", " ") })}
                </td>
                <td className={tdClass}>{t(`countries.${r.country}`, { defaultValue: r.country })}</td>
                <td className={tdClass}>{t(`confidence.${r.confidence}`)}</td>
                <td className={tdClass}>{r.actual ?? "—"}</td>
                <td className={tdClass}>
                  {r.status === "cancelled" ? t("admin.statusCancelled") : t("admin.statusScheduled")}
                </td>
                <td className={tdClass}>
                  <Link
                    to={`/admin/calendar?edit=${r.id}${data.q ? `&q=${encodeURIComponent(data.q)}` : ""}&page=${data.page}`}
                    className={smallButton}
                    aria-label={`${t("admin.edit")}: ${r.title}`}
                  >
                    {t("admin.edit")}
                  </Link>
                </td>
              </tr>
            )}
          />
        )}
        <nav
          className="mt-3 flex items-center gap-3 text-sm"
          aria-label={t("admin.page", { page: data.page, pages: data.pages })}
        >
          {data.page > 1 ? (
            <Link
              to={`/admin/calendar?page=${data.page - 1}&q=${encodeURIComponent(data.q)}`}
              className={smallButton}
            >
              {t("admin.previousPage")}
            </Link>
          ) : null}
          <span>{t("admin.page", { page: data.page, pages: data.pages })}</span>
          {data.page < data.pages ? (
            <Link
              to={`/admin/calendar?page=${data.page + 1}&q=${encodeURIComponent(data.q)}`}
              className={smallButton}
            >
              {t("admin.nextPage")}
            </Link>
          ) : null}
        </nav>
      </Panel>
      <UntranslatedTitles titles={data.untranslated} />
    </div>
  );
}

/** A labelled select over [value, label] pairs (the shared SelectField). */
function Select({
  label,
  name,
  value,
  options,
  error,
}: {
  label: string;
  name: string;
  value: string;
  options: Array<[string, string]>;
  error?: string;
}) {
  const choices = options.map(([v, text]) => ({ value: v, label: text }));
  return <SelectField label={label} name={name} defaultValue={value} options={choices} error={error} />;
}

/** A labelled text box (the shared Field). */
function Input({
  label,
  name,
  value,
  error,
  type = "text",
  dir,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  type?: string;
  dir?: "ltr";
}) {
  return <Field label={label} name={name} type={type} defaultValue={value} dir={dir} error={error} />;
}

function EventForm({ row }: { row: CalendarRowData | null }) {
  const { t } = useTranslation("calendar");
  const { t: ta } = useTranslation("analytics");
  const st = useServerText();
  // A new event's form clears after it is saved; an edited one keeps its values.
  const { fetcher, formRef, busy, result, fields } = useForm<SaveResult>({ resetOnSuccess: !row });
  // The schema's and the service's texts are English; shown in the page's language.
  const errors: Record<string, string> = Object.fromEntries(
    Object.entries(fields).map(([name, text]) => [name, st(text)]),
  );
  return (
    <Panel title={row ? `${t("admin.edit")}: ${row.title}` : t("admin.new")}>
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/api/admin/calendar"
        noValidate
        className="grid gap-4 md:grid-cols-2"
      >
        <input type="hidden" name="id" value={row?.id ?? ""} />
        <Input label={t("admin.title")} name="title" value={row?.title ?? ""} error={errors.title} />
        <Input
          label={t("admin.startsAt")}
          name="startsAt"
          type="datetime-local"
          value={row ? localValue(row.startsAt) : ""}
          error={errors.startsAt}
          dir="ltr"
        />
        <Select
          label={ta("calendar.country")}
          name="country"
          value={row?.country ?? "Saudi Arabia"}
          options={CALENDAR_COUNTRIES.map((c) => [c, t(`countries.${c}`)])}
          error={errors.country}
        />
        <Select
          label={t("category")}
          name="category"
          value={row?.category ?? "Central Bank"}
          options={CALENDAR_CATEGORIES.map((c) => [c, t(`categories.${c}`)])}
          error={errors.category}
        />
        <Select
          label={ta("calendar.importance")}
          name="importance"
          value={row?.importance ?? "medium"}
          options={IMPORTANCE_LEVELS.map((l) => [l, ta(`calendar.importanceLevel.${l}`)])}
          error={errors.importance}
        />
        <Select
          label={t("sourceLabel")}
          name="confidence"
          value={row?.confidence === "confirmed" ? "confirmed" : "expected"}
          options={[
            ["confirmed", t("confidence.confirmed")],
            ["expected", t("confidence.expected")],
          ]}
          error={errors.confidence}
        />
        <Select
          label={t("admin.status")}
          name="status"
          value={row?.status ?? "scheduled"}
          options={[
            ["scheduled", t("admin.statusScheduled")],
            ["cancelled", t("admin.statusCancelled")],
          ]}
        />
        <Input
          label={t("sourceLink")}
          name="sourceUrl"
          type="url"
          value={row?.sourceUrl ?? ""}
          error={errors.sourceUrl}
          dir="ltr"
        />
        <Input
          label={ta("calendar.forecast")}
          name="forecast"
          value={row?.forecast ?? ""}
          error={errors.forecast}
        />
        <Input
          label={ta("calendar.previous")}
          name="previous"
          value={row?.previous ?? ""}
          error={errors.previous}
        />
        <Input label={t("actual")} name="actual" value={row?.actual ?? ""} error={errors.actual} />
        <Input
          label={t("admin.description")}
          name="description"
          value={row?.description ?? ""}
          error={errors.description}
        />
        <div className="md:col-span-2 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
          >
            {t("admin.save")}
          </button>
          {row ? (
            <Link to="/admin/calendar" className={smallButton}>
              {t("admin.new")}
            </Link>
          ) : null}
          {result?.ok ? (
            <p role="status" className="text-sm text-emerald-800">
              {t("admin.saved")}
            </p>
          ) : result ? (
            <p role="alert" className="text-sm text-red-700">
              {st(result.error)}
            </p>
          ) : null}
        </div>
      </fetcher.Form>
    </Panel>
  );
}
