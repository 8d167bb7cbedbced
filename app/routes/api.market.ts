import { MAX_QUOTE_SYMBOLS, type QuoteSummary } from "#common/alert-holds";
import { services } from "~/lib/auth.server";
import type { Route } from "./+types/api.market";

/**
 * GET /api/market: the market data bundle (docs/product/markets.md) for other features and users.
 * With `?symbols=1120,TASI` it answers `{ quotes }` instead: the last quote of each instrument
 * named (listed companies too, which the bundle leaves out), unknown ones dropped; they count as
 * watched, so their next changes reach the asking page over the live stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { market } = services(context);
  const asked = new URL(request.url).searchParams.get("symbols");
  const headers = { "Cache-Control": "no-store" };
  if (asked === null) return Response.json(market.snapshot(), { headers });
  const symbols = [...new Set(asked.split(",").map((s) => s.trim()))].filter(Boolean);
  if (symbols.length > MAX_QUOTE_SYMBOLS)
    return Response.json(
      { ok: false, error: `symbols: at most ${MAX_QUOTE_SYMBOLS}` },
      { status: 400, headers },
    );
  const quotes: QuoteSummary[] = symbols.flatMap((symbol) => {
    const instrument = market.findInstrument(symbol);
    const quote = instrument && market.quote(instrument.symbol);
    if (!instrument || !quote) return [];
    market.watch?.(instrument.symbol);
    return [
      {
        symbol: instrument.symbol,
        name: instrument.name,
        ...(instrument.nameAr ? { nameAr: instrument.nameAr } : {}),
        decimals: instrument.decimals,
        currency: instrument.currency,
        price: quote.price,
        freshness: quote.freshness,
      },
    ];
  });
  return Response.json({ quotes }, { headers });
}
