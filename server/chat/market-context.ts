import type { MarketService } from "#server/market/types";
import type { MarketBundle, Quote } from "../market/types";

/** The chat's view of the market is refreshed every 30 seconds (docs/product/chat.md). */
const SNAPSHOT_REFRESH_MS = 30_000;

const CATEGORY_TITLES: Array<[keyof Omit<MarketBundle, "lastRefresh">, string]> = [
  ["gulfStocks", "Gulf stocks"],
  ["currencies", "Currencies"],
  ["commodities", "Commodities"],
  ["crypto", "Crypto"],
  ["usIndices", "US indices"],
];

function line(q: Quote, decimals: number) {
  const sign = q.changePercent >= 0 ? "+" : "";
  return `${q.symbol} (${q.name}) ${q.price.toFixed(decimals)} ${sign}${q.changePercent.toFixed(2)}%`;
}

/** The market snapshot as prompt text, rebuilt at most once per refresh interval. */
export function createMarketContext(market: MarketService, now = () => Date.now()) {
  let cached: { text: string; at: number } | null = null;
  return {
    text(): string {
      if (cached && now() - cached.at < SNAPSHOT_REFRESH_MS) return cached.text;
      const bundle = market.snapshot();
      const sections = CATEGORY_TITLES.map(([key, title]) => {
        const quotes = bundle[key] ?? [];
        if (quotes.length === 0) return null;
        const lines = quotes.map((q) => `- ${line(q, market.findInstrument(q.symbol)?.decimals ?? 2)}`);
        return `${title}:\n${lines.join("\n")}`;
      }).filter(Boolean);
      const text = `Market snapshot as of ${bundle.lastRefresh} (GMT):\n${sections.join("\n")}`;
      cached = { text, at: now() };
      return text;
    },
  };
}
export type MarketContext = ReturnType<typeof createMarketContext>;
