/**
 * Twelve Data (keyed; https://twelvedata.com/docs): `GET /quote?symbol=&mic_code=&apikey=` answers
 * one object with numbers as strings (`close`, `previous_close`, `high`, `low`), `timestamp`
 * (unix s) and `is_market_open`; `GET /time_series?symbol=&interval=1day|1min&outputsize=&apikey=`
 * answers `{ meta, values: [{ datetime, open, high, low, close }], status: "ok" }`, newest first.
 * Errors come as `{ code, message, status: "error" }`, sometimes with HTTP 200: 401/403 is a bad
 * key, 429 the credit limit, 400/404 an unknown symbol. Published Basic (free) plan: 8 credits a
 * minute, 800 a day; one symbol costs one credit.
 */
import { z } from "zod";
import type { CatalogueEntry } from "../catalogue";
import { EXCHANGES, sessionDate } from "../exchanges";
import type { BarRow } from "../provider";
import { dailyBarTs } from "../simulator";
import { EXCHANGE_MIC } from "../universe/types";
import { numeric, SourceError } from "./http-client";
import type { QuoteSource, SourceBudget, SourceOptions, SourceQuote } from "./source";
import { sourceClient, sourceQuote } from "./source";

/** The exchanges' market identifier codes, by the catalogue's exchange id. */
const MIC: Record<string, string | undefined> = EXCHANGE_MIC;
const SPECIAL: Record<string, string> = { GOLD: "XAU/USD", SILVER: "XAG/USD" };

const value = z.unknown().transform(numeric).optional();
const errorBody = z.object({ status: z.literal("error"), code: z.unknown(), message: z.unknown() });
const quoteBody = z.object({
  close: value,
  previous_close: value,
  high: value,
  low: value,
  timestamp: value,
});
const seriesBody = z.object({
  values: z.array(
    z.object({ datetime: z.string(), open: value, high: value, low: value, close: value, volume: value }),
  ),
});

export const TWELVE_DATA_BUDGET: SourceBudget = { perMinute: 8, perDay: 800 };

/** symbol and mic_code query parameters, or null when Twelve Data has no ticker for it. */
function queryOf(e: CatalogueEntry): string | null {
  if (e.tickers?.twelveData && MIC[e.exchange]) {
    return `symbol=${encodeURIComponent(e.tickers.twelveData)}&mic_code=${MIC[e.exchange]}`;
  }
  if (SPECIAL[e.symbol]) return `symbol=${encodeURIComponent(SPECIAL[e.symbol]!)}`;
  if (e.exchange === "FX") return `symbol=${encodeURIComponent(e.symbol)}`;
  if (e.exchange === "CRYPTO") return `symbol=${encodeURIComponent(`${e.symbol}/USD`)}`;
  return null;
}

/** A bad key or spent credits named in a body (even one sent with HTTP 200). */
function refusalIn(body: unknown) {
  const err = errorBody.safeParse(body);
  const code = err.success ? Number(err.data.code) : 0;
  if (code === 401 || code === 403)
    return { error: new SourceError("auth", `twelvedata: ${code} (check the API key)`, code) };
  // Credits are counted per minute: none are back before the next one.
  if (code === 429)
    return {
      error: new SourceError("rate_limited", "twelvedata: API credits spent", 429),
      retryAfterMs: 60_000,
    };
  return null;
}

/** A time series' values (newest first) as bars, oldest first; a daily one on its session's date. */
function barsOf(
  e: CatalogueEntry,
  span: "1y" | "5d",
  values: z.infer<typeof seriesBody>["values"],
): BarRow[] {
  const ex = EXCHANGES[e.exchange]!;
  const bars: BarRow[] = [];
  for (const v of values) {
    const ms = Date.parse(
      v.datetime.includes(" ") ? `${v.datetime.replace(" ", "T")}Z` : `${v.datetime}T00:00:00Z`,
    );
    if (!Number.isFinite(ms) || v.open === undefined || v.high === undefined) continue;
    if (v.low === undefined || v.close === undefined) continue;
    bars.push({
      symbol: e.symbol,
      interval: span === "1y" ? "1d" : "1m",
      ts: span === "1y" ? dailyBarTs(sessionDate(ex, ms + 12 * 3_600_000)) : ms,
      open: v.open,
      high: v.high,
      low: v.low,
      close: v.close,
      ...(v.volume === undefined ? {} : { volume: v.volume }),
      source: "twelvedata",
    });
  }
  return bars.reverse();
}

export function createTwelveDataSource(opts: SourceOptions & { apiKey: string }): QuoteSource {
  const { budget, client } = sourceClient("twelvedata", opts, TWELVE_DATA_BUDGET, {
    answerStatuses: [400, 404],
    // A bad key or spent credits come with HTTP 200 too: the client fails and backs off on them.
    bodyError: refusalIn,
  });
  const key = `apikey=${encodeURIComponent(opts.apiKey)}`;

  /** The body, or null for an unknown symbol (a bad key or spent credits fail in the client). */
  async function get(path: string, signal?: AbortSignal) {
    const body = await client.getJson(path, signal);
    return errorBody.safeParse(body).success ? null : body;
  }

  return {
    name: "twelvedata",
    budget,
    batchSize: 1,
    client,
    supports: (e) => queryOf(e) !== null,
    async quotes(entries, now, signal) {
      const out: SourceQuote[] = [];
      for (const e of entries) {
        const q = queryOf(e);
        if (!q) continue;
        const parsed = quoteBody.safeParse(await get(`/quote?${q}&${key}`, signal));
        if (!parsed.success) continue;
        const d = parsed.data;
        const quote = sourceQuote(
          e,
          {
            price: d.close,
            previousClose: d.previous_close,
            dayHigh: d.high,
            dayLow: d.low,
            time: d.timestamp === undefined ? undefined : d.timestamp * 1000,
          },
          { source: "twelvedata", now },
        );
        if (quote) out.push(quote);
      }
      return out;
    },
    async history(e, span, signal) {
      const q = queryOf(e);
      if (!q) return [];
      const interval = span === "1y" ? "1day" : "1min";
      const size = span === "1y" ? 260 : 1_500;
      const parsed = seriesBody.safeParse(
        await get(`/time_series?${q}&interval=${interval}&outputsize=${size}&timezone=UTC&${key}`, signal),
      );
      if (!parsed.success) return [];
      return barsOf(e, span, parsed.data.values);
    },
  };
}
