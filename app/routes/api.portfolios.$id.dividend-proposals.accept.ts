import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios.$id.dividend-proposals.accept";

/** POST /api/portfolios/:id/dividend-proposals/accept { symbol, exDate }: 201 with the dividend recorded. */
export function action({ request, context, params }: Route.ActionArgs) {
  return portfolioApi(request, context, ["POST"], async (p, userId, body) => ({
    status: 201,
    body: { activity: await p.acceptProposal(userId, params.id, body) },
  }));
}
