import { LegalPage } from "~/components/content/legal-page";
import { metaText } from "~/lib/meta-text";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export default function TermsOfServicePage() {
  return <LegalPage doc="terms" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...metaText(matches, "terms"),
    path: "/terms-of-service",
  });
