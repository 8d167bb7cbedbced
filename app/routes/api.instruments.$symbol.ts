import type { ActionFailure } from "#common/action-result";
import { INSTRUMENT_NOT_FOUND } from "#common/key-statistics";
import { fillMessage } from "#common/watchlist-schema";
import { services } from "~/lib/auth.server";
import type { Route } from "./+types/api.instruments.$symbol";

/** A symbol longer than any listed one is unknown without a lookup; the answer quotes at most this much. */
const MAX_SYMBOL = 40;

/**
 * GET /api/instruments/:symbol: a company's key statistics, each `{ value, source, asOf }`, and its
 * published Shariah rulings (docs/product/markets.md). Public and alike for every reader, so caches may keep it for one
 * tick; the statistics computed from stored history are cached per session on the server.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const symbol = params.symbol.trim();
  const statistics =
    symbol.length > 0 && symbol.length <= MAX_SYMBOL
      ? await services(context).company.keyStatistics(symbol)
      : undefined;
  if (!statistics) {
    const error = fillMessage(INSTRUMENT_NOT_FOUND, { symbol: symbol.slice(0, MAX_SYMBOL) });
    return Response.json({ ok: false, error } satisfies ActionFailure, {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  }
  // Its dividends and corporate actions, newest first, each with its source; the trailing yield is
  // among the statistics (docs/product/markets.md, "Dividends").
  Object.assign(statistics, { dividends: await services(context).dividends.history(statistics.symbol) });
  // Each authority's published ruling with its list's date and link ([] when none is recorded).
  const shariah = await services(context).shariah.forSymbol(statistics.symbol);
  // Its announcements from the exchanges' feeds, newest first ([] when none is stored).
  const disclosures = await services(context).disclosures.forSymbol(statistics.symbol);
  return Response.json(
    { ...statistics, shariah, disclosures },
    { headers: { "Cache-Control": "public, max-age=15" } },
  );
}
