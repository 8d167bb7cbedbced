import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BrokerCard } from "~/components/content/broker-card";
import { Page } from "~/components/layout/page";
import { services } from "~/lib/auth.server";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/brokers.recommended";
import "~/locales/content";

export async function loader({ context }: Route.LoaderArgs) {
  return { brokers: await services(context).content.brokers.list() };
}

export default function RecommendedBrokersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { brokers } = loaderData;
  return (
    <Page title={t("brokers.recommended.title")} subtitle={t("brokers.recommended.subtitle")}>
      {brokers.length === 0 ? (
        <p className="text-slate-600">{t("brokers.empty")}</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {brokers.map((b) => (
            <BrokerCard key={b.id} broker={b} />
          ))}
        </div>
      )}
      <p className="mt-8 flex gap-2 rounded-lg bg-slate-100 p-4 text-sm text-slate-600">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t("brokers.disclosure")}
      </p>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "brokersRecommended"),
    path: "/brokers/recommended",
  });
