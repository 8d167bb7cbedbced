import { displayableMessage } from "#common/errors";
import { readDividendFilters, upcomingRows, watchlistSymbols } from "~/lib/server/dividends.server";
import type { Route } from "./+types/api.dividends";

/**
 * GET /api/dividends?exchange=&sector=&watchlist=1: upcoming distributions with their source and
 * the yield at today's price. Public; the watchlist filter needs a signed-in reader (401 without).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  let filters: Awaited<ReturnType<typeof readDividendFilters>>;
  try {
    filters = await readDividendFilters(context, new URL(request.url).searchParams);
  } catch (err) {
    return Response.json(
      { ok: false, error: displayableMessage(err, "Bad request") },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const symbols = filters.watchlist ? await watchlistSymbols(request, context) : undefined;
  if (symbols === null)
    return Response.json(
      { ok: false, error: "Sign in first." },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  const rows = await upcomingRows(context, { ...filters, symbols });
  return Response.json(
    { ok: true, dividends: rows },
    { headers: { "Cache-Control": filters.watchlist ? "private, no-store" : "public, max-age=60" } },
  );
}
