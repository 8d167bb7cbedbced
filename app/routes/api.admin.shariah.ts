import { SHARIAH_NOTHING_TO_REMOVE, shariahAdminSchema } from "#common/shariah";
import { services } from "~/lib/auth.server";
import { refusedRows, shariahAdminApi } from "~/lib/server/shariah-admin.server";
import type { Route } from "./+types/api.admin.shariah";

/** POST /api/admin/shariah: an editor saves or removes one company's ruling by one authority (admins only; audited). */
export async function action({ request, context }: Route.ActionArgs) {
  return shariahAdminApi(request, context, shariahAdminSchema, async (input, actor) => {
    const shariah = services(context).shariah;
    if (input.intent === "remove") {
      const gone = await shariah.remove(actor.id, input.symbol, input.authority);
      return gone ? { ok: true, message: "Removed." } : { ok: false, error: SHARIAH_NOTHING_TO_REMOVE };
    }
    const saved = await shariah.save(actor.id, input);
    return saved.ok ? { ok: true, message: "Saved.", ruling: saved.ruling } : refusedRows(saved.errors);
  });
}
