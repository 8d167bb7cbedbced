import { LegalPage } from "~/components/content/legal-page";
import type { Route } from "./+types/privacy-policy";

export default function PrivacyPolicyPage() {
  return <LegalPage doc="privacy" />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy — GulfPulse" },
  { name: "description", content: "How GulfPulse collects, uses and protects your personal data." },
];
