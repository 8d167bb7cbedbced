import { webhookUpdateSchema } from "#common/webhook-schema";
import { services } from "~/lib/auth.server";
import { idParam, userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.webhooks.$id";

/** PATCH /api/webhooks/:id { label?, isDefault: true? }; DELETE /api/webhooks/:id. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const patch = request.method === "PATCH";
  return userApi(
    request,
    context,
    { methods: ["PATCH", "DELETE"], schema: patch ? webhookUpdateSchema : undefined },
    async (userId, input) => {
      const { webhooks } = services(context).delivery;
      if (patch) await webhooks.update(userId, idParam(params.id, "webhook"), input);
      else await webhooks.remove(userId, idParam(params.id, "webhook"));
      return { ok: true };
    },
  );
}
