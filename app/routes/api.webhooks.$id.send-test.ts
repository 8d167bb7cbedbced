import { services } from "~/lib/auth.server";
import { idParam, userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.webhooks.$id.send-test";

/** POST /api/webhooks/:id/test: a signed test event to this endpoint, through the delivery queue. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return userApi(request, context, { methods: ["POST"] }, async (userId) => ({
    ok: true,
    ...(await services(context).delivery.webhooks.sendTest(userId, idParam(params.id, "webhook"))),
  }));
}
