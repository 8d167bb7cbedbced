import { LegalPage } from "~/components/content/legal-page";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export default function TermsOfServicePage() {
  return <LegalPage doc="terms" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service — GulfPulse",
    description:
      "The terms for using GulfPulse, including investment risk, market data delays and broker compensation.",
    path: "/terms-of-service",
  });
