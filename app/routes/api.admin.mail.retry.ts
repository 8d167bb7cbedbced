import { z } from "zod";
import { services } from "~/lib/auth.server";
import { adminApi } from "~/lib/server/admin-api.server";
import type { Route } from "./+types/api.admin.mail.retry";

const retrySchema = z.object({
  ids: z.union([z.array(z.uuid()), z.uuid().transform((id) => [id])]).optional(),
});

/** Dead mail gets a fresh set of attempts: { ids } for some, nothing for all (admins only). */
export async function action({ request, context }: Route.ActionArgs) {
  return adminApi(request, context, retrySchema, async (input) => {
    const retried = await services(context).outbox.retryDead(input.ids);
    return { ok: true, message: `${retried} mail queued again.`, retried };
  });
}
