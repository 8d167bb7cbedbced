import { z } from "zod";
import { services } from "~/lib/auth.server";
import { splitAdjusted } from "~/lib/server/dividends.server";
import type { Route } from "./+types/api.market.$symbol.history";

const query = z.object({ range: z.enum(["1D", "1W", "1M", "1Y"]).default("1D") });

/** GET /api/market/:symbol/history?range=1D|1W|1M|1Y: OHLC bars (time in unix seconds, UTC). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const market = services(context).market;
  const parsed = query.safeParse({ range: new URL(request.url).searchParams.get("range") ?? undefined });
  if (!parsed.success) {
    return Response.json({ error: "range must be one of 1D, 1W, 1M, 1Y" }, { status: 400 });
  }
  const instrument = market.findInstrument(params.symbol);
  if (!instrument) return Response.json({ error: "Unknown symbol" }, { status: 404 });
  market.watch(instrument.symbol);
  // Bars before a split's or bonus issue's ex-date are adjusted, and the answer says so.
  const { bars, adjustedForSplits } = await splitAdjusted(
    context,
    instrument.symbol,
    await market.history(instrument.symbol, parsed.data.range),
  );
  return Response.json(
    // The latest quote rides along with its source and freshness: a chart of simulated prices says so.
    {
      symbol: instrument.symbol,
      range: parsed.data.range,
      bars,
      adjustedForSplits,
      quote: market.quote(instrument.symbol) ?? null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
