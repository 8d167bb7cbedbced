import { LegalPage } from "~/components/content/legal-page";
import type { Route } from "./+types/terms-of-service";

export default function TermsOfServicePage() {
  return <LegalPage doc="terms" />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Terms of Service — GulfPulse" },
  {
    name: "description",
    content:
      "The terms for using GulfPulse, including investment risk, market data delays and broker compensation.",
  },
];
