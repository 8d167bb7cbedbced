import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BlacklistCard } from "~/components/content/blacklist-card";
import { Page } from "~/components/layout/page";
import { Link } from "~/components/link";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/brokers.blacklisted";
import "~/locales/content";

export async function loader({ context }: Route.LoaderArgs) {
  return { entries: await services(context).content.blacklist.list() };
}

export default function BlacklistedBrokersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { entries } = loaderData;
  return (
    <Page title={t("blacklist.title")} subtitle={t("blacklist.subtitle")}>
      <aside
        aria-label={t("blacklist.bannerTitle")}
        className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-5 text-red-900"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-red-600" />
        <div>
          <p className="font-bold">{t("blacklist.bannerTitle")}</p>
          <p className="mt-1 text-sm">{t("blacklist.banner")}</p>
        </div>
      </aside>
      {entries.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("blacklist.empty")}</p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {entries.map((e) => (
            <BlacklistCard key={e.id} entry={e} />
          ))}
        </div>
      )}
      <p className="mt-8 text-sm text-slate-600">
        {t("blacklist.reportNote")}{" "}
        <Link to="/contact" className="font-semibold text-brand-600 underline">
          {t("blacklist.report")}
        </Link>
      </p>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "brokersBlacklisted"),
    path: "/brokers/blacklisted",
  });
