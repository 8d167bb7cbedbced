import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/price-alerts";

export default function PriceAlertsPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("price_alerts.title")} subtitle={t("price_alerts.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Price Alerts & Notifications — GulfPulse" }];
