import { createContext, useContext, useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { AdminActionResult } from "#server/admin/actions";
import { useForm } from "~/components/forms/use-form";
import { Link } from "~/components/link";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import "~/locales/admin";

export const smallButton =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60";
export const dangerButton =
  "inline-flex items-center gap-1 rounded-md border border-red-200 bg-white px-2.5 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60";
export const tableClass = "min-w-full divide-y divide-slate-200 text-sm";
export const thClass = "px-3 py-2 text-start font-semibold text-slate-600 whitespace-nowrap";
export const tdClass = "px-3 py-2 align-top text-slate-800";

/** An admin form: the shared form hook, with a toast for each answer of the admin action. */
export function useAdminFetcher(
  opts: { onSuccess?: (r: Extract<AdminActionResult, { ok: true }>) => void } = {},
) {
  const st = useServerText();
  const form = useForm<AdminActionResult>({
    resetOnSuccess: false,
    onResult: (r) => {
      if (r.ok) {
        toast.success(st(r.message));
        opts.onSuccess?.(r);
      } else toast.error(st(r.error));
    },
  });
  return { fetcher: form.fetcher, busy: form.busy, result: form.result ?? undefined };
}

/** Inline outcome of a form (also what a reader without JavaScript sees). */
export function FormMessage({ result, text }: { result?: AdminActionResult; text?: string | null }) {
  const st = useServerText();
  if (text)
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        {st(text)}
      </p>
    );
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
      {st(result.message)}
    </p>
  ) : (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {st(result.error)}
    </p>
  );
}

export function Panel({
  title,
  actions,
  children,
  className = "",
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-lg font-semibold text-brand-900">
          {title}
        </h3>
        {actions}
      </div>
      <PanelHeading.Provider value={id}>{children}</PanelHeading.Provider>
    </section>
  );
}

const PanelHeading = createContext<string | undefined>(undefined);

/**
 * A table that scrolls sideways when it is wider than the screen. Focusable, so a keyboard user
 * can scroll it too (axe: scrollable-region-focusable), and named after its panel.
 */
export function TableScroll({ children }: { children: React.ReactNode }) {
  const labelledBy = useContext(PanelHeading);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group, not a fieldset or a landmark (the panel is the landmark)
    <div
      className="relative overflow-x-auto [contain:inline-size]"
      role="group"
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
      tabIndex={0}
    >
      {children}
    </div>
  );
}

export function StatCard({
  label,
  value,
  note,
  tone = "default",
  icon,
}: {
  label: string;
  value: React.ReactNode;
  note?: React.ReactNode;
  tone?: "default" | "ok" | "bad";
  icon?: React.ReactNode;
}) {
  const toneClass = tone === "ok" ? "text-emerald-700" : tone === "bad" ? "text-amber-700" : "text-brand-900";
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between text-sm font-medium text-slate-600">
        <span>{label}</span>
        {icon}
      </div>
      <p className={`mt-2 text-2xl font-bold ${toneClass}`}>{value}</p>
      {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
    </div>
  );
}

export function Badge({
  tone,
  children,
}: {
  tone: "green" | "red" | "amber" | "slate" | "blue";
  children: React.ReactNode;
}) {
  const cls = {
    green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    red: "bg-red-50 text-red-800 ring-red-200",
    amber: "bg-amber-50 text-amber-800 ring-amber-200",
    slate: "bg-slate-100 text-slate-700 ring-slate-200",
    blue: "bg-brand-50 text-brand-700 ring-brand-100",
  }[tone];
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${cls}`}
    >
      {children}
    </span>
  );
}

/** The current URL with some query parameters replaced (null removes one). */
export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") params.delete(k);
      else params.set(k, String(v));
    }
    return `${location.pathname}?${params.toString()}`;
  };
}

/** Previous / next links; the current page is the `param` query parameter. */
export function Pagination({
  pageSize,
  total,
  param,
  label,
}: {
  pageSize: number;
  total: number;
  param: string;
  label: string;
}) {
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const location = useLocation();
  const page = Math.max(1, Number.parseInt(new URLSearchParams(location.search).get(param) ?? "1", 10) || 1);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const link = "rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-2 text-sm text-slate-600">
      <span>{t("pagination.pageOf", { page, pages, total })}</span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className={link} to={hrefWith({ [param]: page - 1 })} preventScrollReset>
            {t("pagination.previous")}
          </Link>
        ) : null}
        {page < pages ? (
          <Link className={link} to={hrefWith({ [param]: page + 1 })} preventScrollReset>
            {t("pagination.next")}
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

/** Dates in GMT, as the site shows every time. */
export function formatDateTime(value: Date | string | null | undefined) {
  if (!value) return "—";
  const d = new Date(value);
  return `${d.toISOString().slice(0, 16).replace("T", " ")} GMT`;
}
export function formatDate(value: Date | string | null | undefined) {
  if (!value) return "—";
  return new Date(value).toISOString().slice(0, 10);
}
