import { useTranslation } from "react-i18next";
import { FeedsAdmin } from "~/components/disclosures/feeds-admin";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { requireAdmin, services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin.disclosures";
import "~/locales/admin";
import "~/locales/disclosures";

/** The disclosure feeds and their symbol-mapping rules (admins only; the role is checked on the server). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { feeds: await services(context).disclosures.feeds() };
}

export default function AdminDisclosuresPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: td } = useTranslation("disclosures");
  return (
    <Page title={`${t("title")} — ${td("admin.heading")}`} subtitle={t("subtitle")}>
      <Link to="/admin" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t("title")}
      </Link>
      <FeedsAdmin feeds={loaderData.feeds} />
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { ...metaText(matches, "admin"), path: "/admin/disclosures", noindex: true });
