import { z } from "zod";
import type { Logger } from "../logger";
import type { CatalogueEntry } from "./catalogue";
import { EXCHANGES, sessionDate } from "./exchanges";
import type { BarRow, MarketProvider, ProviderQuote } from "./provider";
import { dailyBarTs } from "./simulator";

/**
 * A real quote API over HTTP, in the shape of Yahoo Finance's public endpoints
 * (`/v7/finance/quote?symbols=` for quotes, `/v8/finance/chart/{symbol}` for history).
 * MARKET_HTTP_URL is the API's base URL; instruments map to its tickers via `providerSymbol`.
 */
const num = z.number().finite();
const quoteResponse = z.object({
  quoteResponse: z.object({
    result: z.array(
      z.object({
        symbol: z.string(),
        regularMarketPrice: num.optional(),
        regularMarketPreviousClose: num.optional(),
        regularMarketDayHigh: num.optional(),
        regularMarketDayLow: num.optional(),
        regularMarketTime: num.optional(),
      }),
    ),
  }),
});
const series = z.array(num.nullable());
const chartResponse = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          timestamp: z.array(num).optional(),
          indicators: z.object({
            quote: z.array(z.object({ open: series, high: series, low: series, close: series })),
          }),
        }),
      )
      .nullable(),
  }),
});

export interface HttpProviderOptions {
  baseUrl: string;
  entries: CatalogueEntry[];
  log?: Logger;
  timeoutMs?: number;
  /** History requests in flight at once during a first-start backfill. */
  concurrency?: number;
}

export function createHttpProvider(opts: HttpProviderOptions): MarketProvider {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const byTicker = new Map(opts.entries.map((e) => [e.providerSymbol, e]));

  async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const res = await fetch(`${base}${path}`, {
      headers: { accept: "application/json" },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!res.ok) throw new Error(`market API answered ${res.status} for ${path.split("?")[0]}`);
    return res.json();
  }

  async function poll(now: number, signal?: AbortSignal): Promise<ProviderQuote[]> {
    const tickers = opts.entries.map((e) => e.providerSymbol).join(",");
    const body = quoteResponse.parse(
      await getJson(`/v7/finance/quote?symbols=${encodeURIComponent(tickers)}`, signal),
    );
    const out: ProviderQuote[] = [];
    for (const r of body.quoteResponse.result) {
      const e = byTicker.get(r.symbol);
      if (!e || r.regularMarketPrice === undefined) continue;
      const price = r.regularMarketPrice;
      const previousClose = r.regularMarketPreviousClose ?? price;
      out.push({
        symbol: e.symbol,
        price,
        previousClose,
        dayHigh: Math.max(r.regularMarketDayHigh ?? price, price),
        dayLow: Math.min(r.regularMarketDayLow ?? price, price),
        time: r.regularMarketTime ? r.regularMarketTime * 1000 : now,
      });
    }
    return out;
  }

  async function chart(e: CatalogueEntry, range: string, interval: "1m" | "1d", signal?: AbortSignal) {
    const path = `/v8/finance/chart/${encodeURIComponent(e.providerSymbol)}?range=${range}&interval=${interval}`;
    const result = chartResponse.parse(await getJson(path, signal)).chart.result?.[0];
    const q = result?.indicators.quote[0];
    if (!result?.timestamp || !q) return [];
    const ex = EXCHANGES[e.exchange]!;
    const bars: BarRow[] = [];
    result.timestamp.forEach((sec, i) => {
      const [open, high, low, close] = [q.open[i], q.high[i], q.low[i], q.close[i]];
      if (open == null || high == null || low == null || close == null) return;
      const ms = sec * 1000;
      const ts = interval === "1d" ? dailyBarTs(sessionDate(ex, ms)) : Math.floor(ms / 60_000) * 60_000;
      bars.push({ symbol: e.symbol, interval, ts, open, high, low, close });
    });
    return bars;
  }

  return {
    name: "http",
    async start(stored, now, signal) {
      const quotes = await poll(now, signal);
      if (stored.length > 0) return { quotes, bars: [] };
      // First start: a year of daily bars and the last days of minute bars, a few requests at a time.
      const bars: BarRow[] = [];
      const jobs = opts.entries.flatMap((e) => [
        () => chart(e, "1y", "1d", signal),
        () => chart(e, "5d", "1m", signal),
      ]);
      const worker = async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) {
          try {
            bars.push(...(await job()));
          } catch (err) {
            signal?.throwIfAborted();
            opts.log?.warn({ err }, "market: history request failed; the chart fills from live ticks");
          }
        }
      };
      await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
      return { quotes, bars };
    },
    poll,
  };
}
