import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/search";

export default function SearchPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("search.title")} subtitle={t("search.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Search — GulfPulse" }];
