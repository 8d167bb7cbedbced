import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id.activities.$activityId";

/** PATCH /api/portfolios/:id/activities/:activityId (every field again); DELETE: 204. */
export function action({ request, context, params }: Route.ActionArgs) {
  return portfolioApi(request, context, ["PATCH", "DELETE"], async (p, userId, body) => {
    if (request.method === "DELETE") {
      await p.removeActivity(userId, params.id, params.activityId);
      return { status: 204 };
    }
    return { body: { activity: await p.updateActivity(userId, params.id, params.activityId, body) } };
  });
}
