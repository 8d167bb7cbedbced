import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/brokers.blacklisted";

export default function BrokersBlacklistedPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("brokers_blacklisted.title")} subtitle={t("brokers_blacklisted.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Blacklisted Brokers — GulfPulse" }];
