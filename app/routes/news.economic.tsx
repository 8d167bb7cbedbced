import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/news.economic";

export default function NewsEconomicPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("news_economic.title")} subtitle={t("news_economic.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Economic News — GulfPulse" }];
