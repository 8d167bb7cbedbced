import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/terms-of-service";

export default function TermsOfServicePage() {
  const { t } = useTranslation("pages");
  return <Page title={t("terms_of_service.title")} subtitle={t("terms_of_service.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Terms of Service — GulfPulse" }];
