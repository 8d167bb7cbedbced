import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id.alerts";

/** GET /api/portfolios/:id/alerts: the portfolio's alerts. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return portfolioApi(request, context, ["GET"], async (p, userId) => ({
    body: { alerts: await p.alerts(userId, params.id) },
  }));
}

/**
 * POST { kind: "day-move" | "weight", threshold (percent), notifyEmail? }: 201 with the alert;
 * DELETE { id } (or ?id=): 204.
 */
export function action({ request, context, params }: Route.ActionArgs) {
  return portfolioApi(request, context, ["POST", "DELETE"], async (p, userId, body) => {
    if (request.method === "DELETE") {
      const fromBody = (body as { id?: unknown } | undefined)?.id;
      const id =
        typeof fromBody === "string" ? fromBody : (new URL(request.url).searchParams.get("id") ?? "");
      await p.removeAlert(userId, params.id, id);
      return { status: 204 };
    }
    return { status: 201, body: { alert: await p.addAlert(userId, params.id, body) } };
  });
}
