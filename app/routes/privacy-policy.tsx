import { LegalPage } from "~/components/content/legal-page";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export default function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "privacy"),
    path: "/privacy-policy",
  });
