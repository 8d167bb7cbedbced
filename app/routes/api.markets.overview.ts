import type { ActionFailure } from "#common/action-result";
import { parseOverviewTab } from "#common/market-overview";
import { services } from "~/lib/auth.server";
import type { Route } from "./+types/api.markets.overview";

/**
 * GET /api/markets/overview?market=: one tab of /markets (the GCC-wide view without `market`):
 * its summary and indices, what the page asks again on each tick of the live stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseOverviewTab(new URL(request.url).searchParams.getAll("market"));
  if (!parsed.ok)
    return Response.json({ ok: false, error: parsed.error } satisfies ActionFailure, {
      status: 400,
      headers: { "Cache-Control": "no-store" },
    });
  const { overview } = services(context);
  await overview.ready();
  return Response.json(overview.view(parsed.tab), { headers: { "Cache-Control": "public, max-age=5" } });
}
