import { portfolioApi } from "~/lib/server/portfolios-api.server";
import type { Route } from "./+types/api.portfolios";

/** GET /api/portfolios: the reader's portfolios. */
export function loader({ request, context }: Route.LoaderArgs) {
  return portfolioApi(request, context, ["GET"], async (p, userId) => ({
    body: { portfolios: await p.list(userId) },
  }));
}

/** POST /api/portfolios { name, baseCurrency }: 201 with the new portfolio. */
export function action({ request, context }: Route.ActionArgs) {
  return portfolioApi(request, context, ["POST"], async (p, userId, body) => ({
    status: 201,
    body: { portfolio: await p.create(userId, body) },
  }));
}
