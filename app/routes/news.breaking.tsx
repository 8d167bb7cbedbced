import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/news.breaking";

export default function NewsBreakingPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("news_breaking.title")} subtitle={t("news_breaking.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Breaking News — GulfPulse" }];
