import { services } from "~/lib/auth.server";
import { userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.webhooks.secret";

/** GET /api/webhooks/secret: the user's signing secret (made on first use), for its owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return userApi(request, context, { methods: ["GET"] }, async (userId) => ({
    ok: true,
    secret: await services(context).delivery.webhooks.secret(userId),
  }));
}

/** POST /api/webhooks/secret: rotates the secret; the old one stops working at once. */
export async function action({ request, context }: Route.ActionArgs) {
  return userApi(request, context, { methods: ["POST"] }, async (userId) => ({
    ok: true,
    secret: await services(context).delivery.webhooks.rotateSecret(userId),
  }));
}
