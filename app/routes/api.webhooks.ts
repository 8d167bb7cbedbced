import { webhookFormSchema } from "#common/webhook-schema";
import { services } from "~/lib/auth.server";
import { userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.webhooks";

/** GET /api/webhooks: the user's webhook endpoints, each with its newest delivery. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return userApi(request, context, { methods: ["GET"] }, async (userId) => ({
    ok: true,
    endpoints: await services(context).delivery.webhooks.list(userId),
  }));
}

/** POST /api/webhooks { url, label? }: adds an endpoint (the first one is the default). */
export async function action({ request, context }: Route.ActionArgs) {
  return userApi(
    request,
    context,
    { methods: ["POST"], schema: webhookFormSchema },
    async (userId, input) => {
      const row = await services(context).delivery.webhooks.add(userId, input);
      return { ok: true, endpoint: { id: row.id, url: row.url, label: row.label, isDefault: row.isDefault } };
    },
  );
}
