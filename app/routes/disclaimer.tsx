import { LegalPage } from "~/components/content/legal-page";
import type { Route } from "./+types/disclaimer";

export default function DisclaimerPage() {
  return <LegalPage doc="disclaimer" />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Disclaimer — GulfPulse" },
  {
    name: "description",
    content:
      "Investment risk warning, no financial advice, market data delays and broker compensation disclosure.",
  },
];
