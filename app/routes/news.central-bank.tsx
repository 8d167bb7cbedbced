import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/news.central-bank";

export default function NewsCentralBankPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("news_central_bank.title")} subtitle={t("news_central_bank.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Central Bank News — GulfPulse" }];
