import { z } from "zod";
import type { Quote } from "#server/market/types";
import { MARKET_CATEGORIES } from "./market-overview";
import { compactQuote } from "./quote-format";
import { defineTool, unavailable } from "./types";

export const getTopMovers = defineTool({
  name: "getTopMovers",
  description:
    "The biggest gainers and losers today by percentage change, across all markets or in one category.",
  inputSchema: z.object({
    category: z.enum(MARKET_CATEGORIES).optional().describe("Limit to one category; omit for all"),
    limit: z.number().int().min(1).max(10).optional().describe("How many of each (default 3)"),
  }),
  async execute({ category, limit = 3 }, { market }) {
    if (!market) return unavailable("Live market data");
    const snapshot = market.snapshot();
    const pool: Quote[] = category ? snapshot[category] : MARKET_CATEGORIES.flatMap((c) => snapshot[c] ?? []);
    const sorted = [...pool].sort((a, b) => b.changePercent - a.changePercent);
    const compact = (q: Quote) => compactQuote(q, market.findInstrument(q.symbol));
    const gainers = sorted
      .filter((q) => q.changePercent > 0)
      .slice(0, limit)
      .map(compact);
    const losers = sorted
      .filter((q) => q.changePercent < 0)
      .reverse()
      .slice(0, limit)
      .map(compact);
    return {
      ok: true,
      subject: category,
      count: gainers.length + losers.length,
      data: { asOf: snapshot.lastRefresh, gainers, losers },
    };
  },
});
