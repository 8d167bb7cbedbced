import { useTranslation } from "react-i18next";
import { AdminDividends } from "~/components/dividends/admin-dividends";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { requireAdmin } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import { upcomingRows } from "~/lib/server/dividends.server";
import type { Route } from "./+types/admin.dividends";
import "~/locales/admin";
import "~/locales/dividends";

/** The editor's distributions (admins only; the role is checked on the server). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { rows: await upcomingRows(context, {}) };
}

export default function AdminDividendsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: td } = useTranslation("dividends");
  return (
    <Page title={`${t("title")} — ${td("admin.heading")}`} subtitle={t("subtitle")}>
      <Link to="/admin" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t("title")}
      </Link>
      <AdminDividends rows={loaderData.rows} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...metaText(matches, "admin"), path: "/admin/dividends", noindex: true });
