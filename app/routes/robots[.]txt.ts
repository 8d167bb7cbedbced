import { services } from "~/lib/auth.server";
import { seoFileResponse } from "~/lib/seo";
import type { Route } from "./+types/robots[.]txt";

/** GET /robots.txt — keeps crawlers out of admin, API and sign-in; points to the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  return seoFileResponse(services(context).seo.robots(), "text/plain");
}
