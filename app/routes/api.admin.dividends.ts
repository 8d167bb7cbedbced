import { dividendFormSchema } from "#common/dividend-schema";
import { services } from "~/lib/auth.server";
import { adminApi } from "~/lib/server/admin-api.server";
import type { Route } from "./+types/api.admin.dividends";

/**
 * POST /api/admin/dividends: an editor enters or corrects a distribution (admins only; the role is
 * checked on the server; audited). Bad input answers 400 with a message per field and writes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return adminApi(request, context, dividendFormSchema, async (input, actor) => {
    const rows = await services(context).dividends.saveFromEditor(actor.id, input);
    return { ok: true, message: "Saved.", count: rows.length };
  });
}
