import { useTranslation } from "react-i18next";
import { EDITOR_PAGE_SIZE } from "#common/calendar-options";
import { type CalendarRowData, CalendarTab } from "~/components/admin/calendar-tab";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { requireAdmin } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { calendarOf } from "~/lib/server/calendar-zone.server";
import type { Route } from "./+types/admin.calendar";
import "~/locales/admin";
import "~/locales/analytics";

const pageOf = (v: string | null) => Math.min(Math.max(1, Number.parseInt(v ?? "1", 10) || 1), 10_000);

/** The admin's Gulf calendar rows (admins only; the role is checked on the server). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const calendar = calendarOf(context);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 200) ?? "";
  const page = pageOf(params.get("page"));
  const [{ rows, total }, untranslated] = await Promise.all([
    calendar.editor.list({ page, query: q || undefined }),
    calendar.editor.untranslatedTitles(),
  ]);
  const editId = params.get("edit");
  const edit = editId ? await calendar.byId(editId) : null;
  const view = (e: NonNullable<typeof edit>): CalendarRowData => ({
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: e.startsAt.toISOString(),
    country: e.country,
    category: e.category,
    importance: e.importance,
    confidence: e.confidence ?? "schedule",
    source: e.source ?? "schedule",
    status: e.status ?? "scheduled",
    sourceUrl: e.sourceUrl ?? null,
    forecast: e.forecast,
    previous: e.previous,
    actual: e.actual ?? null,
  });
  return {
    rows: rows.map(view),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / EDITOR_PAGE_SIZE)),
    q,
    edit: edit ? view(edit) : null,
    untranslated,
  };
}

export default function AdminCalendarPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: ta } = useTranslation("analytics");
  return (
    <Page title={`${t("title")} — ${ta("calendar.heading")}`} subtitle={t("subtitle")}>
      <Link to="/admin" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t("title")}
      </Link>
      <CalendarTab data={loaderData} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...metaText(matches, "admin"), path: "/admin/calendar", noindex: true });
