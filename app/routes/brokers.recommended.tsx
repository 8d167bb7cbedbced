import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/brokers.recommended";

export default function BrokersRecommendedPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("brokers_recommended.title")} subtitle={t("brokers_recommended.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Recommended Brokers — GulfPulse" }];
