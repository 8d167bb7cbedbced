import { PUSH_MESSAGES, pushSubscriptionSchema, pushUnsubscribeSchema } from "#common/push-schema";
import { services } from "~/lib/auth.server";
import { userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.push.subscriptions";

const signIn = PUSH_MESSAGES.signIn;

/** GET /api/push/subscriptions: the user's devices that receive push notifications. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return userApi(request, context, { methods: ["GET"], signIn }, async (userId) => ({
    ok: true,
    devices: await services(context).push.devices(userId),
  }));
}

/**
 * POST { endpoint, keys: { p256dh, auth } } (the browser's `subscription.toJSON()`): subscribes
 * this device, or refreshes its keys. DELETE { endpoint } or { id }: removes one of the user's devices.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const post = request.method === "POST";
  return userApi(
    request,
    context,
    { methods: ["POST", "DELETE"], schema: post ? pushSubscriptionSchema : pushUnsubscribeSchema, signIn },
    async (userId, input) => {
      const { push } = services(context);
      if (!post) {
        await push.unsubscribe(userId, input);
        return { ok: true };
      }
      return { ok: true, device: await push.subscribe(userId, input, request.headers.get("user-agent")) };
    },
  );
}
