/**
 * CoinGecko simple price (https://docs.coingecko.com, "Coin Price by IDs"):
 * `GET /api/v3/simple/price?ids=bitcoin,...&vs_currencies=usd&include_24hr_change=true&include_last_updated_at=true`
 * answers `{ "<id>": { "usd": number, "usd_24h_change": number, "last_updated_at": unix s } }`.
 * Keyless on the public API; with a demo key the `x-cg-demo-api-key` header is sent (published demo
 * plan: 30 calls a minute, 10,000 a month). A missing id or a null field is no quote.
 */
import { z } from "zod";
import { finite } from "./http-client";
import type { QuoteSource, SourceBudget, SourceOptions, SourceQuote } from "./source";
import { sourceClient, sourceQuote } from "./source";

export const COINGECKO_IDS: Record<string, string> = {
  BTC: "bitcoin",
  ETH: "ethereum",
  SOL: "solana",
  XRP: "ripple",
  BNB: "binancecoin",
};

const coin = z
  .object({
    usd: z.unknown().transform(finite).optional(),
    usd_24h_change: z.unknown().transform(finite).optional(),
    last_updated_at: z.unknown().transform(finite).optional(),
  })
  .partial();
const priceResponse = z.record(z.string(), z.unknown());

// Keyless callers share the public pool: stay well under its limit; the demo plan's month of
// 10,000 calls is about 330 a day.
export const COINGECKO_BUDGET: SourceBudget = { perMinute: 5, perDay: 330 };

export function createCoinGeckoSource(opts: SourceOptions & { apiKey?: string }): QuoteSource {
  const { budget, client } = sourceClient("coingecko", opts, COINGECKO_BUDGET, {
    headers: opts.apiKey ? { "x-cg-demo-api-key": opts.apiKey } : undefined,
  });
  return {
    name: "coingecko",
    budget,
    batchSize: 50,
    client,
    supports: (e) => e.exchange === "CRYPTO" && e.symbol in COINGECKO_IDS,
    async quotes(entries, now, signal) {
      const wanted = entries.filter((e) => e.symbol in COINGECKO_IDS);
      if (wanted.length === 0) return [];
      const ids = wanted.map((e) => COINGECKO_IDS[e.symbol]).join(",");
      const body = priceResponse.parse(
        await client.getJson(
          `/api/v3/simple/price?ids=${ids}&vs_currencies=usd&include_24hr_change=true&include_last_updated_at=true`,
          signal,
        ),
      );
      const out: SourceQuote[] = [];
      for (const e of wanted) {
        const parsed = coin.safeParse(body[COINGECKO_IDS[e.symbol]!]);
        if (!parsed.success) continue;
        const { usd, usd_24h_change: change, last_updated_at: at } = parsed.data;
        const q = sourceQuote(
          e,
          {
            price: usd,
            // Crypto has no close: the price 24 hours ago stands in for it.
            previousClose: usd !== undefined && change !== undefined ? usd / (1 + change / 100) : undefined,
            time: at === undefined ? undefined : at * 1000,
          },
          { source: "coingecko", now },
        );
        if (q) out.push(q);
      }
      return out;
    },
  };
}
