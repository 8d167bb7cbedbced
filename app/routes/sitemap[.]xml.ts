import { services } from "~/lib/auth.server";
import { seoFileResponse } from "~/lib/seo";
import type { Route } from "./+types/sitemap[.]xml";

/** GET /sitemap.xml — every public page, article and instrument page. */
export async function loader({ context }: Route.LoaderArgs) {
  return seoFileResponse(await services(context).seo.sitemap(), "application/xml");
}
