import { z } from "zod";
import type { MarketCategory } from "#server/market/types";
import { compactQuote } from "./quote-format";
import { defineTool, unavailable } from "./types";

export const MARKET_CATEGORIES = ["gulfStocks", "currencies", "crypto", "commodities", "usIndices"] as const;

export const getMarketOverview = defineTool({
  name: "getMarketOverview",
  description:
    "Every instrument of one market category with price and daily change: gulfStocks (Gulf indices " +
    "and stocks), currencies, crypto, commodities or usIndices.",
  inputSchema: z.object({
    category: z.enum(MARKET_CATEGORIES).describe("The market category"),
  }),
  async execute({ category }, { market }) {
    if (!market) return unavailable("Live market data");
    const snapshot = market.snapshot();
    const quotes = snapshot[category as MarketCategory] ?? [];
    const data = quotes.map((q) => compactQuote(q, market.findInstrument(q.symbol)));
    return {
      ok: true,
      subject: category,
      count: data.length,
      data: { category, asOf: snapshot.lastRefresh, quotes: data },
    };
  },
});
