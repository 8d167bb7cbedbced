import { services } from "~/lib/auth.server";
import { idParam, userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.alerts.$id.deliveries";

/** GET /api/alerts/:id/deliveries: the push and webhook deliveries of one of the user's alerts. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return userApi(request, context, { methods: ["GET"] }, async (userId) => ({
    ok: true,
    deliveries: await services(context).delivery.alertLog(userId, idParam(params.id, "alert")),
  }));
}
