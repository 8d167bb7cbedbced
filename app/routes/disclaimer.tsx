import { LegalPage } from "~/components/content/legal-page";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/disclaimer";

export default function DisclaimerPage() {
  return <LegalPage doc="disclaimer" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Disclaimer — GulfPulse",
    description:
      "Investment risk warning, no financial advice, market data delays and broker compensation disclosure.",
    path: "/disclaimer",
  });
