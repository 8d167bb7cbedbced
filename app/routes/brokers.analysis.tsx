import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/brokers.analysis";

export default function BrokersAnalysisPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("brokers_analysis.title")} subtitle={t("brokers_analysis.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Brokers Analysis — GulfPulse" }];
