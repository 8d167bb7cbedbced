import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/about";

export default function AboutPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("about.title")} subtitle={t("about.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "About GulfPulse — GulfPulse" }];
