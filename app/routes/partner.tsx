import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/partner";

export default function PartnerPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("partner.title")} subtitle={t("partner.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Partner With Us — GulfPulse" }];
