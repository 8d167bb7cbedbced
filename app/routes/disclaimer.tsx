import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/disclaimer";

export default function DisclaimerPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("disclaimer.title")} subtitle={t("disclaimer.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Disclaimer — GulfPulse" }];
