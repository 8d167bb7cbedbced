import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id.import";

/**
 * POST /api/portfolios/:id/import { format: "csv" | "ghostfolio", content, mapping?, dryRun }:
 * every row with its errors; written only when every row is valid and it is not a dry run.
 */
export function action({ request, context, params }: Route.ActionArgs) {
  return portfolioApi(request, context, ["POST"], async (p, userId, body) => ({
    body: await p.importActivities(userId, params.id, body),
  }));
}
