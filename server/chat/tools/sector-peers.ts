import { z } from "zod";
import { loadShippedListings } from "#server/market/universe";
import { type CompactQuote, compactQuote } from "./quote-format";
import { defineTool, unavailable } from "./types";

/** Other companies of a listed company's sector on its exchange, with their prices. */
export const getSectorPeers = defineTool({
  name: "getSectorPeers",
  description:
    "A listed Gulf company's sector and other companies in the same sector on the same exchange, " +
    "with their current prices. Accepts the company's symbol or name (1120, Al Rajhi Bank).",
  inputSchema: z.object({
    symbol: z.string().min(1).max(40).describe("Symbol or name of a listed company, e.g. 1120, EMAAR"),
    limit: z.number().int().min(1).max(10).default(5),
  }),
  async execute({ symbol, limit }, { market }) {
    if (!market) return unavailable("Live market data");
    const instrument = market.findInstrument(symbol);
    const listings = loadShippedListings();
    const listing = instrument && listings.find((l) => l.symbol === instrument.symbol);
    if (!listing) return { ok: false, subject: symbol, error: `No listed company matches "${symbol}".` };
    const peers: CompactQuote[] = [];
    for (const l of listings) {
      if (peers.length >= limit) break;
      if (l.symbol === listing.symbol || l.exchange !== listing.exchange || l.sector !== listing.sector)
        continue;
      const quote = market.quote(l.symbol);
      if (quote) peers.push(compactQuote(quote, market.findInstrument(l.symbol)) as CompactQuote);
    }
    return {
      ok: true,
      subject: listing.symbol,
      count: peers.length,
      data: { symbol: listing.symbol, sector: listing.sector, exchange: listing.exchange, peers },
    };
  },
});
