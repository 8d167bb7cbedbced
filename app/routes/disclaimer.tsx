import { LegalPage } from "~/components/content/legal-page";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/disclaimer";

export default function DisclaimerPage() {
  return <LegalPage doc="disclaimer" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "disclaimer"),
    path: "/disclaimer",
  });
