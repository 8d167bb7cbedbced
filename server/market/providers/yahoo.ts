/**
 * Yahoo Finance chart API (keyless): `GET /v8/finance/chart/{ticker}?range=&interval=`.
 * Shape as documented by the community clients of the endpoint (e.g. the yfinance and
 * yahoo-finance2 projects' chart modules): `chart.result[0].meta` carries `currency`,
 * `regularMarketPrice`, `chartPreviousClose`, `regularMarketTime` (unix s), and optionally
 * `regularMarketDayHigh` / `regularMarketDayLow` / `exchangeDataDelayedBy`; `timestamp[]` and
 * `indicators.quote[0].{open,high,low,close}[]` hold bars, with nulls for empty intervals. An
 * unknown ticker answers 404 with `chart.result: null`. Unlike `/v7/finance/quote` it needs no
 * cookie or crumb, but it is throttled per IP (429, sometimes with a plain-text body).
 * Kuwaiti tickers (`.KW`) may be priced in fils (`currency: "KWF"`): divided by 1000 here.
 */
import { z } from "zod";
import type { CatalogueEntry } from "../catalogue";
import { EXCHANGES, sessionDate } from "../exchanges";
import type { BarRow } from "../provider";
import { dailyBarTs } from "../simulator";
import { finite } from "./http-client";
import type { QuoteSource, SourceBudget, SourceOptions, SourceQuote } from "./source";
import { sourceClient, sourceQuote } from "./source";

const num = z.unknown().transform(finite).optional();
const series = z.array(num).optional();
const chartResponse = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.object({
            currency: z.string().nullish(),
            symbol: z.string().nullish(),
            regularMarketPrice: num,
            chartPreviousClose: num,
            previousClose: num,
            regularMarketTime: num,
            regularMarketDayHigh: num,
            regularMarketDayLow: num,
            exchangeDataDelayedBy: num,
          }),
          timestamp: z.array(num).nullish(),
          indicators: z
            .object({
              quote: z
                .array(z.object({ open: series, high: series, low: series, close: series, volume: series }))
                .nullish(),
            })
            .nullish(),
        }),
      )
      .nullish(),
  }),
});

export const YAHOO_BUDGET: SourceBudget = { perMinute: 20, perDay: 10_000 };

/** The instrument's Yahoo ticker: the listing's, or the curated catalogue's. */
export const yahooTicker = (e: CatalogueEntry) => e.tickers?.yahoo ?? e.providerSymbol;

export function createYahooSource(opts: SourceOptions): QuoteSource {
  const { budget, client } = sourceClient("yahoo", opts, YAHOO_BUDGET, { answerStatuses: [404] });

  async function chart(e: CatalogueEntry, range: string, interval: string, signal?: AbortSignal) {
    const ticker = yahooTicker(e);
    const body = await client.getJson(
      `/v8/finance/chart/${encodeURIComponent(ticker)}?range=${range}&interval=${interval}`,
      signal,
    );
    const parsed = chartResponse.safeParse(body);
    return parsed.success ? (parsed.data.chart.result?.[0] ?? null) : null;
  }

  /** Fils to dinars: Boursa Kuwait quotes many stocks in fils. */
  const scaleOf = (currency: string | null | undefined) => (currency === "KWF" ? 1 / 1000 : 1);

  return {
    name: "yahoo",
    budget,
    batchSize: 1,
    client,
    supports: (e) => Boolean(yahooTicker(e)),
    async quotes(entries, now, signal) {
      const out: SourceQuote[] = [];
      for (const e of entries) {
        const result = await chart(e, "1d", "1d", signal);
        if (!result) continue;
        const m = result.meta;
        const k = scaleOf(m.currency);
        const scaled = (v: number | undefined) => (v === undefined ? undefined : v * k);
        const q = sourceQuote(
          e,
          {
            price: scaled(m.regularMarketPrice),
            previousClose: scaled(m.chartPreviousClose ?? m.previousClose),
            dayHigh: scaled(m.regularMarketDayHigh),
            dayLow: scaled(m.regularMarketDayLow),
            time: m.regularMarketTime === undefined ? undefined : m.regularMarketTime * 1000,
          },
          { source: "yahoo", now, declaredDelayMinutes: m.exchangeDataDelayedBy },
        );
        if (q) out.push(q);
      }
      return out;
    },
    async history(e, span, signal) {
      const interval = span === "1y" ? "1d" : "1m";
      const result = await chart(e, span, interval, signal);
      const q = result?.indicators?.quote?.[0];
      if (!result?.timestamp || !q) return [];
      const k = scaleOf(result.meta.currency);
      const ex = EXCHANGES[e.exchange]!;
      const bars: BarRow[] = [];
      result.timestamp.forEach((sec, i) => {
        const [open, high, low, close] = [q.open?.[i], q.high?.[i], q.low?.[i], q.close?.[i]];
        if (sec === undefined || open === undefined || high === undefined) return;
        if (low === undefined || close === undefined) return;
        const ms = sec * 1000;
        const ts = interval === "1d" ? dailyBarTs(sessionDate(ex, ms)) : Math.floor(ms / 60_000) * 60_000;
        bars.push({
          symbol: e.symbol,
          interval: interval as "1d" | "1m",
          ts,
          open: open * k,
          high: high * k,
          low: low * k,
          close: close * k,
          ...(q.volume?.[i] === undefined ? {} : { volume: q.volume[i] }),
          source: "yahoo",
        });
      });
      return bars;
    },
  };
}
