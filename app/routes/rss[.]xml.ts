import { services } from "~/lib/auth.server";
import { seoFileResponse } from "~/lib/seo";
import type { Route } from "./+types/rss[.]xml";

/** GET /rss.xml — RSS 2.0 feed of the site's own newest articles. */
export async function loader({ context }: Route.LoaderArgs) {
  return seoFileResponse(await services(context).seo.rss(), "application/rss+xml");
}
