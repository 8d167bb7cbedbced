import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id";

/** GET /api/portfolios/:id: the portfolio, its valuation (snapshot) and its activities. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return portfolioApi(request, context, ["GET"], async (p, userId) => ({
    body: await p.get(userId, params.id),
  }));
}

/** PATCH /api/portfolios/:id { name?, baseCurrency? }; DELETE: 204. */
export function action({ request, context, params }: Route.ActionArgs) {
  return portfolioApi(request, context, ["PATCH", "DELETE"], async (p, userId, body) => {
    if (request.method === "DELETE") {
      await p.remove(userId, params.id);
      return { status: 204 };
    }
    return { body: { portfolio: await p.update(userId, params.id, body) } };
  });
}
