/**
 * Frankfurter v2 (keyless daily reference rates from central banks; https://frankfurter.dev):
 * `GET /v2/rates?base=USD&quotes=AED,SAR,...&from=YYYY-MM-DD` answers a flat JSON array of
 * `{ date, base, quote, rate }`, one row per day and currency (the schema published with the API:
 * `rate` is a positive number). These are reference rates, published once or a few times a day,
 * so every quote here is end of day. Pegged Gulf currencies are not asked: they are served from
 * their peg (the central bank's official rate), labelled "peg", whatever a blended rate says.
 */
import { z } from "zod";
import type { CatalogueEntry } from "../catalogue";
import { finite } from "./http-client";
import type { QuoteSource, SourceBudget, SourceOptions, SourceQuote } from "./source";
import { sourceClient, sourceQuote } from "./source";

/** Official pegs to the US dollar (units of the currency per dollar). */
export const PEGS: Record<string, number> = {
  AED: 3.6725,
  SAR: 3.75,
  QAR: 3.64,
  BHD: 0.376,
  OMR: 0.3845,
  JOD: 0.709,
};

/**
 * A pegged pair's official rate (units per dollar, or dollars per unit when the dollar is quoted second), or undefined
 * for a floating one: such a pair is served from its peg, labelled so, never simulated.
 */
export function pegOf(symbol: string): number | undefined {
  const p = pairOf(symbol);
  const peg = p ? PEGS[p.currency] : undefined;
  return peg === undefined ? undefined : p!.inverse ? 1 / peg : peg;
}

const row = z.object({
  date: z.string(),
  base: z.string(),
  quote: z.string(),
  rate: z.unknown().transform(finite).optional(),
});
const ratesResponse = z.array(z.unknown()).transform((rows) =>
  rows.flatMap((r) => {
    const parsed = row.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  }),
);

export const FRANKFURTER_BUDGET: SourceBudget = { perMinute: 2, perDay: 200 };

/** "USD/AED" -> quote AED per dollar; "EUR/USD" -> dollars per euro (the inverse of USD->EUR). */
function pairOf(symbol: string): { currency: string; inverse: boolean } | null {
  const m = /^([A-Z]{3})\/([A-Z]{3})$/.exec(symbol);
  if (!m) return null;
  if (m[1] === "USD") return { currency: m[2]!, inverse: false };
  if (m[2] === "USD") return { currency: m[1]!, inverse: true };
  return null;
}

export function createFrankfurterSource(opts: SourceOptions): QuoteSource {
  const { budget, client } = sourceClient("frankfurter", opts, FRANKFURTER_BUDGET);
  return {
    name: "frankfurter",
    budget,
    batchSize: 50,
    daily: true,
    client,
    // Pegged pairs come from their peg (the composite serves them), not from a blended reference rate.
    supports: (e) => e.exchange === "FX" && pairOf(e.symbol) !== null && pegOf(e.symbol) === undefined,
    async quotes(entries, now, signal) {
      const wanted = entries.flatMap((e) => {
        const p = pairOf(e.symbol);
        return p && PEGS[p.currency] === undefined ? [{ e, ...p }] : [];
      });
      if (wanted.length === 0) return [];
      const currencies = [...new Set(wanted.map((w) => w.currency))].join(",");
      const from = new Date(now - 10 * 86_400_000).toISOString().slice(0, 10);
      const body = await client.getJson(`/v2/rates?base=USD&quotes=${currencies}&from=${from}`, signal);
      const rows = ratesResponse.parse(body).filter((r) => r.base === "USD");
      const out: SourceQuote[] = [];
      for (const w of wanted) {
        const series = rows
          .filter((r) => r.quote === w.currency && r.rate !== undefined && r.rate > 0)
          .sort((a, b) => a.date.localeCompare(b.date));
        const last = series.at(-1);
        if (!last) continue;
        const value = (r: (typeof series)[number]) => (w.inverse ? 1 / r.rate! : r.rate!);
        const price = value(last);
        const previous = series.at(-2);
        const q = sourceQuote(
          w.e as CatalogueEntry,
          {
            price,
            previousClose: previous ? value(previous) : undefined,
            // Reference rates are fixed mid-afternoon in Europe: stamp them at 16:00 UTC.
            time: Date.parse(`${last.date}T16:00:00Z`),
          },
          { source: "frankfurter", now, daily: true },
        );
        if (q) out.push(q);
      }
      return out;
    },
  };
}
