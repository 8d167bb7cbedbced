import { SCREEN_MESSAGES, screenUpdateSchema } from "#common/screens-schema";
import { services } from "~/lib/auth.server";
import { userApi } from "~/lib/server/webhooks-api.server";
import type { Route } from "./+types/api.screens.$id";

/** PATCH /api/screens/:id { name?, alerts?, notifyEmail? }; DELETE /api/screens/:id (own screens only). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const patch = request.method === "PATCH";
  return userApi(
    request,
    context,
    {
      methods: ["PATCH", "DELETE"],
      schema: patch ? screenUpdateSchema : undefined,
      signIn: SCREEN_MESSAGES.signIn,
    },
    async (userId, input) => {
      const { screens } = services(context);
      if (patch) return { ok: true, screen: await screens.update(userId, params.id, input) };
      await screens.remove(userId, params.id);
      return { ok: true };
    },
  );
}
