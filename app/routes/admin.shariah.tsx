import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { ShariahAdmin } from "~/components/shariah/shariah-admin";
import { requireAdmin, services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin.shariah";
import "~/locales/admin";
import "~/locales/shariah";

const PAGE_SIZE = 50;
const pageOf = (v: string | null) => Math.min(Math.max(1, Number.parseInt(v ?? "1", 10) || 1), 10_000);

/** The Shariah rulings editor (admins only; the role is checked on the server). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const shariah = services(context).shariah;
  const params = new URL(request.url).searchParams;
  const symbol = params.get("symbol")?.trim().slice(0, 40) ?? "";
  const [authorities, { rows, total }] = await Promise.all([
    shariah.authorities(),
    shariah.list({ symbol: symbol || undefined, page: pageOf(params.get("page")), pageSize: PAGE_SIZE }),
  ]);
  return { authorities, rows, total, pageSize: PAGE_SIZE, symbol };
}

export default function AdminShariahPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: ts } = useTranslation("shariah");
  return (
    <Page title={`${t("title")} — ${ts("admin.heading")}`} subtitle={t("subtitle")}>
      <Link to="/admin" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t("title")}
      </Link>
      <ShariahAdmin data={loaderData} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...metaText(matches, "admin"), path: "/admin/shariah", noindex: true });
