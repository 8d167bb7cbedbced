/**
 * gold-api.com (keyless spot metal prices): `GET /price/{XAU|XAG}` answers
 * `{ "name": "Gold", "price": number, "symbol": "XAU", "updatedAt": ISO time, "updatedAtReadable": text }`
 * in US dollars per troy ounce. It has no previous close: the composite keeps the last known one.
 */
import { z } from "zod";
import { finite } from "./http-client";
import type { QuoteSource, SourceBudget, SourceOptions, SourceQuote } from "./source";
import { sourceClient, sourceQuote } from "./source";

export const METAL_CODES: Record<string, string> = { GOLD: "XAU", SILVER: "XAG" };

const priceResponse = z.object({
  price: z.unknown().transform(finite).optional(),
  symbol: z.string().nullish(),
  updatedAt: z.string().nullish(),
});

export const GOLD_API_BUDGET: SourceBudget = { perMinute: 10, perDay: 5_000 };

export function createGoldApiSource(opts: SourceOptions): QuoteSource {
  const { budget, client } = sourceClient("gold-api", opts, GOLD_API_BUDGET);
  return {
    name: "gold-api",
    budget,
    batchSize: 1,
    client,
    supports: (e) => e.symbol in METAL_CODES,
    async quotes(entries, now, signal) {
      const out: SourceQuote[] = [];
      for (const e of entries) {
        const code = METAL_CODES[e.symbol];
        if (!code) continue;
        const parsed = priceResponse.safeParse(await client.getJson(`/price/${code}`, signal));
        if (!parsed.success) continue;
        const at = parsed.data.updatedAt ? Date.parse(parsed.data.updatedAt) : Number.NaN;
        const q = sourceQuote(
          e,
          { price: parsed.data.price, time: Number.isFinite(at) ? at : undefined },
          { source: "gold-api", now },
        );
        if (q) out.push({ ...q, previousClose: Number.NaN });
      }
      return out;
    },
  };
}
