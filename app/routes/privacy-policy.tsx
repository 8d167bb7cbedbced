import { LegalPage } from "~/components/content/legal-page";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export default function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy — GulfPulse",
    description: "How GulfPulse collects, uses and protects your personal data.",
    path: "/privacy-policy",
  });
