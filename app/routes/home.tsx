import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/home";

export default function HomePage() {
  const { t } = useTranslation("pages");
  return <Page title={t("home.title")} subtitle={t("home.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Real-Time Gulf Market News — GulfPulse" }];
