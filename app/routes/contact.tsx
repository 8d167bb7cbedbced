import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/contact";

export default function ContactPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("contact.title")} subtitle={t("contact.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Contact Us — GulfPulse" }];
