import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/news-analytics";

export default function NewsAnalyticsPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("news_analytics.title")} subtitle={t("news_analytics.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Gulf News Analytics — GulfPulse" }];
