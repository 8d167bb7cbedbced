import { SCREEN_MESSAGES, screenCreateSchema } from "#common/screens-schema";
import { services } from "~/lib/auth.server";
import { userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.screens";

/** GET /api/screens: the signed-in reader's saved screens (only theirs). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return userApi(request, context, { methods: ["GET"], signIn: SCREEN_MESSAGES.signIn }, async (userId) => ({
    ok: true,
    screens: await services(context).screens.list(userId),
  }));
}

/** POST /api/screens { name, query, alerts?, notifyEmail? }: saves the screen shown. */
export async function action({ request, context }: Route.ActionArgs) {
  return userApi(
    request,
    context,
    { methods: ["POST"], schema: screenCreateSchema, signIn: SCREEN_MESSAGES.signIn },
    async (userId, input) => ({ ok: true, screen: await services(context).screens.create(userId, input) }),
  );
}
