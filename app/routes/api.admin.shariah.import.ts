import { shariahImportSchema } from "#common/shariah";
import { services } from "~/lib/auth.server";
import { refusedRows, shariahAdminApi } from "~/lib/server/shariah-admin.server";
import type { Route } from "./+types/api.admin.shariah.import";

/**
 * POST /api/admin/shariah/import `{ csv, dryRun }`: a CSV of rulings checked whole. Any bad row
 * refuses the whole file (400, each bad row named); a dry run says what it would write and writes
 * nothing. Admins only; audited.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return shariahAdminApi(request, context, shariahImportSchema, async (input, actor) => {
    const result = await services(context).shariah.importCsv(actor.id, input.csv, { dryRun: input.dryRun });
    if (!result.ok) return refusedRows(result.errors);
    return { ...result, message: result.dryRun ? "Checked: nothing written." : "Imported." };
  });
}
