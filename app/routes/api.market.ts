import { services } from "~/lib/auth.server";
import type { Route } from "./+types/api.market";

/** GET /api/market: the market data bundle (docs/product/markets.md) for other features and users. */
export async function loader({ context }: Route.LoaderArgs) {
  const { market } = services(context);
  return Response.json(market.snapshot(), { headers: { "Cache-Control": "no-store" } });
}
