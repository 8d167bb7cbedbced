import { data } from "react-router";
import { requireAdmin, services } from "~/lib/auth.server";
import type { Route } from "./+types/api.admin.newsletter.campaigns";

/** Delivery progress for the admin UI to poll: ?id= for one campaign, else the recent ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireAdmin(request, context);
  } catch (err) {
    if (err instanceof Response) return data({ ok: false, error: "Forbidden" }, 403);
    throw err;
  }
  const newsletter = services(context).newsletter;
  const id = new URL(request.url).searchParams.get("id");
  if (id) {
    const campaign = await newsletter.campaign(id);
    return campaign ? data({ ok: true, campaign }) : data({ ok: false, error: "Not found" }, 404);
  }
  return data({ ok: true, campaigns: await newsletter.campaigns() });
}
