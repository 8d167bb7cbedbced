import { useTranslation } from "react-i18next";
import { Page } from "~/components/layout/page";
import type { Route } from "./+types/privacy-policy";

export default function PrivacyPolicyPage() {
  const { t } = useTranslation("pages");
  return <Page title={t("privacy_policy.title")} subtitle={t("privacy_policy.subtitle")} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Privacy Policy — GulfPulse" }];
