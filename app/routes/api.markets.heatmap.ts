import type { ActionFailure } from "#common/action-result";
import { type HeatmapChanges, parseHeatmapPeriod } from "#common/heatmap";
import { parseOverviewTab } from "#common/market-overview";
import { services } from "~/lib/auth.server";
import type { Route } from "./+types/api.markets.heatmap";

const refuse = (error: string) =>
  Response.json({ ok: false, error } satisfies ActionFailure, {
    status: 400,
    headers: { "Cache-Control": "no-store" },
  });

/**
 * GET /api/markets/heatmap?market=&period=: the changes of the heatmap's tiles over the period,
 * by symbol, what /markets asks again on each tick of the live stream to recolour its tiles.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = parseOverviewTab(params.getAll("market"));
  if (!tab.ok) return refuse(tab.error);
  const period = parseHeatmapPeriod(params.getAll("period"));
  if (!period.ok) return refuse(period.error);
  const { overview } = services(context);
  await overview.ready();
  const map = overview.heatmap(tab.tab, period.period);
  const changes: HeatmapChanges = {};
  for (const tile of map.tiles) changes[tile.symbol] = tile.change;
  return Response.json(
    { tab: map.tab, period: map.period, changes },
    { headers: { "Cache-Control": "public, max-age=5" } },
  );
}
