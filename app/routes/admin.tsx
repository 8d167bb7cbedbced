import { useTranslation } from "react-i18next";
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/admin";
import { Page } from "~/components/layout/page";
import { requireAdmin } from "~/lib/auth.server";

export const ADMIN_TABS = [
  "overview",
  "users",
  "content",
  "newsletter",
  "email-templates",
  "settings",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: AdminTab = ADMIN_TABS.includes(requested as AdminTab) ? (requested as AdminTab) : "overview";
  return { tab };
}

export default function AdminPage() {
  const { t } = useTranslation("admin");
  const { tab } = useLoaderData<typeof loader>();
  return (
    <Page title={t("title")} subtitle={t("subtitle")}>
      <div role="tablist" aria-label={t("title")} className="flex flex-wrap gap-1 border-b">
        {ADMIN_TABS.map((name) => (
          <Link
            key={name}
            role="tab"
            aria-selected={tab === name}
            to={`/admin?tab=${name}`}
            className={`-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-medium ${
              tab === name
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-brand-700"
            }`}
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </div>
      <section role="tabpanel" className="py-6">
        <h2 className="text-xl font-semibold">{t(`tabs.${tab}`)}</h2>
      </section>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin — GulfPulse" },
  { name: "robots", content: "noindex" },
];
