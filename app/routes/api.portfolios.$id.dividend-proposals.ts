import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id.dividend-proposals";

/** GET /api/portfolios/:id/dividend-proposals: dividends the holdings earned that the portfolio lacks. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return portfolioApi(request, context, ["GET"], async (p, userId) => ({
    body: { proposals: await p.dividendProposals(userId, params.id) },
  }));
}
