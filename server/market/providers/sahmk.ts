/**
 * SAHMK (keyed Saudi market data; the official SDK at github.com/sahmk-sa/sahmk-python documents
 * the API): `GET /api/v1/quote/{symbol}/` with header `X-API-Key` answers `{ symbol, name, name_en,
 * price, change, change_percent, open, high, low, previous_close, volume, updated_at (ISO),
 * is_delayed }`. Errors: 401 bad key, 429 with `Retry-After` and `X-RateLimit-*` (a daily limit),
 * 404 `{ error: { code: "INVALID_SYMBOL" } }` for an unknown symbol. Tadawul only.
 */
import { z } from "zod";
import { finite } from "./http-client";
import type { QuoteSource, SourceBudget, SourceOptions, SourceQuote } from "./source";
import { sourceClient, sourceQuote } from "./source";

const quoteBody = z.object({
  price: z.unknown().transform(finite).optional(),
  previous_close: z.unknown().transform(finite).optional(),
  high: z.unknown().transform(finite).optional(),
  low: z.unknown().transform(finite).optional(),
  updated_at: z.string().nullish(),
  is_delayed: z.boolean().nullish(),
});

export const SAHMK_BUDGET: SourceBudget = { perMinute: 10, perDay: 100 };

export function createSahmkSource(opts: SourceOptions & { apiKey: string }): QuoteSource {
  const { budget, client } = sourceClient("sahmk", opts, SAHMK_BUDGET, {
    headers: { "X-API-Key": opts.apiKey },
    answerStatuses: [404],
  });
  const tickerOf = (e: { exchange: string; tickers?: { sahmk?: string }; symbol: string }) =>
    e.exchange === "TADAWUL"
      ? (e.tickers?.sahmk ?? (/^\d{4}$/.test(e.symbol) ? e.symbol : undefined))
      : undefined;
  return {
    name: "sahmk",
    budget,
    batchSize: 1,
    client,
    supports: (e) => tickerOf(e) !== undefined,
    async quotes(entries, now, signal) {
      const out: SourceQuote[] = [];
      for (const e of entries) {
        const ticker = tickerOf(e);
        if (!ticker) continue;
        const parsed = quoteBody.safeParse(
          await client.getJson(`/quote/${encodeURIComponent(ticker)}/`, signal),
        );
        if (!parsed.success) continue;
        const d = parsed.data;
        const at = d.updated_at ? Date.parse(d.updated_at) : Number.NaN;
        const q = sourceQuote(
          e,
          {
            price: d.price,
            previousClose: d.previous_close,
            dayHigh: d.high,
            dayLow: d.low,
            time: Number.isFinite(at) ? at : undefined,
          },
          // A delayed feed says so without saying by how much: at least a minute, else its age.
          { source: "sahmk", now, declaredDelayMinutes: d.is_delayed ? 1 : 0 },
        );
        if (q) out.push(q);
      }
      return out;
    },
  };
}
