import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/live-markets";

export default function LiveMarketsPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("live_markets.title")} subtitle={t("live_markets.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Live Market Access — GulfPulse" }];
