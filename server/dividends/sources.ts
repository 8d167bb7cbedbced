/**
 * Dividend and split history from the price sources that carry it.
 *
 * Yahoo's chart API (keyless) adds `events.dividends` and `events.splits` to a chart answer when
 * asked with `events=div|split`: each keyed by a unix time, a dividend `{ amount, date }` (per
 * share, in `meta.currency`; Kuwaiti tickers in fils) and a split `{ date, numerator, denominator,
 * splitRatio }`; `date` is the ex-date's session, read in the exchange's local date.
 *
 * Twelve Data (keyed, https://twelvedata.com/docs): `GET /dividends` answers
 * `{ meta: { currency }, dividends: [{ ex_date, amount }] }` and `GET /splits` answers
 * `{ splits: [{ date, from_factor, to_factor }] }`; errors as `{ code, message, status: "error" }`.
 */
import { z } from "zod";
import type { CatalogueEntry } from "../market/catalogue";
import { EXCHANGES, sessionDate } from "../market/exchanges";
import { createHttpClient, finite, numeric, SourceError } from "../market/providers/http-client";
import { yahooTicker } from "../market/providers/yahoo";
import type { ListingTickers } from "../market/universe/types";
import { EXCHANGE_MIC } from "../market/universe/types";
import type { ActionInput, ActionSource } from "./types";

const num = z.unknown().transform(finite).optional();
const yahooEventsBody = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.object({ currency: z.string().nullish() }).passthrough(),
          events: z
            .object({
              dividends: z.record(z.string(), z.object({ amount: num, date: num })).optional(),
              splits: z
                .record(z.string(), z.object({ date: num, numerator: num, denominator: num }))
                .optional(),
            })
            .nullish(),
        }),
      )
      .nullish(),
  }),
});

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The ex-date of a Yahoo event time: the session's local date on the instrument's exchange. */
function exDateOf(exchange: string, sec: number): string {
  const ex = EXCHANGES[exchange];
  return ex ? sessionDate(ex, sec * 1000) : isoDay(sec * 1000);
}

/** A Yahoo chart answer's dividends and splits for one instrument; [] when it carries none. */
export function yahooActions(
  entry: Pick<CatalogueEntry, "symbol" | "exchange">,
  body: unknown,
): ActionInput[] {
  const parsed = yahooEventsBody.safeParse(body);
  const result = parsed.success ? parsed.data.chart.result?.[0] : undefined;
  if (!result?.events) return [];
  // Boursa Kuwait answers in fils: a dividend of 15 fils is 0.015 KWD.
  const fils = result.meta.currency === "KWF";
  const currency = fils ? "KWD" : (result.meta.currency ?? null);
  const out: ActionInput[] = [];
  for (const d of Object.values(result.events.dividends ?? {})) {
    if (d.date === undefined || d.amount === undefined || !(d.amount > 0)) continue;
    const amount = fils ? d.amount / 1000 : d.amount;
    out.push({
      symbol: entry.symbol,
      kind: "dividend",
      exDate: exDateOf(entry.exchange, d.date),
      amount,
      currency,
    });
  }
  for (const s of Object.values(result.events.splits ?? {})) {
    if (s.date === undefined || !(s.numerator! > 0) || !(s.denominator! > 0)) continue;
    const ratio = s.numerator! / s.denominator!;
    out.push({ symbol: entry.symbol, kind: "split", exDate: exDateOf(entry.exchange, s.date), ratio });
  }
  return out;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const tdDividends = z.object({
  meta: z.object({ currency: z.string().nullish() }).passthrough().optional(),
  dividends: z.array(z.object({ ex_date: day, amount: z.unknown().transform(numeric) })),
});
const tdSplits = z.object({
  splits: z.array(
    z.object({
      date: day,
      from_factor: z.unknown().transform(numeric),
      to_factor: z.unknown().transform(numeric),
    }),
  ),
});

/** Twelve Data's `/dividends` answer as actions; [] for any other shape. */
export function twelveDataDividends(symbol: string, body: unknown): ActionInput[] {
  const parsed = tdDividends.safeParse(body);
  if (!parsed.success) return [];
  const currency = parsed.data.meta?.currency ?? null;
  return parsed.data.dividends
    .filter((d) => d.amount !== undefined && d.amount > 0)
    .map((d) => ({ symbol, kind: "dividend" as const, exDate: d.ex_date, amount: d.amount!, currency }));
}

/** Twelve Data's `/splits` answer as actions: `from_factor`-for-`to_factor` is that many new shares per old. */
export function twelveDataSplits(symbol: string, body: unknown): ActionInput[] {
  const parsed = tdSplits.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.splits
    .filter((s) => s.from_factor! > 0 && s.to_factor! > 0)
    .map((s) => ({ symbol, kind: "split" as const, exDate: s.date, ratio: s.from_factor! / s.to_factor! }));
}

/** What a source needs of an instrument: its symbol, exchange and tickers. */
export type ActionEntry = Pick<CatalogueEntry, "symbol" | "exchange"> & {
  tickers?: ListingTickers;
  providerSymbol?: string;
};

const yahooOf = (e: ActionEntry) => yahooTicker({ providerSymbol: "", ...e } as CatalogueEntry);

/** One source of corporate actions: the actions it knows for an instrument (throws when it fails). */
export interface ActionSourceClient {
  name: Exclude<ActionSource, "editor">;
  supports(entry: ActionEntry): boolean;
  actions(entry: ActionEntry, signal?: AbortSignal): Promise<ActionInput[]>;
}

/** A few requests a minute: history changes a few times a year, and the price sources share the IP. */
const PER_MINUTE = 10;

export function createYahooActions(opts: { baseUrl: string; userAgent?: string }): ActionSourceClient {
  const client = createHttpClient({
    name: "yahoo",
    baseUrl: opts.baseUrl,
    userAgent: opts.userAgent,
    perMinute: PER_MINUTE,
    answerStatuses: [404],
  });
  return {
    name: "yahoo",
    supports: (e) => Boolean(yahooOf(e)),
    async actions(e, signal) {
      const path = `/v8/finance/chart/${encodeURIComponent(yahooOf(e))}?range=5y&interval=1mo&events=div%7Csplit`;
      return yahooActions(e, await client.getJson(path, signal));
    },
  };
}

/** The exchanges' market identifier codes, by the catalogue's exchange id. */
const MIC: Record<string, string | undefined> = EXCHANGE_MIC;

const tdError = z.object({ status: z.literal("error"), code: z.unknown() });

export function createTwelveDataActions(opts: {
  baseUrl: string;
  apiKey: string;
  userAgent?: string;
}): ActionSourceClient {
  const client = createHttpClient({
    name: "twelvedata",
    baseUrl: opts.baseUrl,
    userAgent: opts.userAgent,
    perMinute: PER_MINUTE,
    answerStatuses: [400, 404],
    // A refused key comes with HTTP 200 too: it fails like a refused status, never as "no dividends".
    bodyError: (body) => {
      const err = tdError.safeParse(body);
      const code = err.success ? Number(err.data.code) : 0;
      return code === 401 || code === 403 || code === 429
        ? { error: new SourceError(code === 429 ? "rate_limited" : "auth", `twelvedata: ${code}`, code) }
        : null;
    },
  });
  const query = (e: ActionEntry) =>
    `symbol=${encodeURIComponent(e.tickers!.twelveData!)}&mic_code=${MIC[e.exchange]}&range=5y&apikey=${encodeURIComponent(opts.apiKey)}`;
  return {
    name: "twelvedata",
    supports: (e) => Boolean(e.tickers?.twelveData && MIC[e.exchange]),
    async actions(e, signal) {
      const dividends = twelveDataDividends(e.symbol, await client.getJson(`/dividends?${query(e)}`, signal));
      const splits = twelveDataSplits(e.symbol, await client.getJson(`/splits?${query(e)}`, signal));
      return [...dividends, ...splits];
    },
  };
}
