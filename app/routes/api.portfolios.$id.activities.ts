import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id.activities";

/** POST /api/portfolios/:id/activities (the activity's fields): 201 with it; a sale beyond holdings is 400. */
export function action({ request, context, params }: Route.ActionArgs) {
  return portfolioApi(request, context, ["POST"], async (p, userId, body) => ({
    status: 201,
    body: { activity: await p.addActivity(userId, params.id, body) },
  }));
}
