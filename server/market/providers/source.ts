import type { CatalogueEntry } from "../catalogue";
import { EXCHANGES, type Exchange, isOpen, lastClose, sessionMinutes } from "../exchanges";
import type { BarRow, ProviderQuote } from "../provider";
import type { Freshness, QuoteLabel } from "../types";
import { createHttpClient, type HttpClient, type HttpClientOptions } from "./http-client";

/** A real price from a source, labelled. */
export type SourceQuote = ProviderQuote & QuoteLabel;

export interface SourceBudget {
  perMinute: number;
  perDay: number;
}

/**
 * One real source of prices behind `MARKET_PROVIDER=auto`. It quotes the instruments it has a
 * ticker for; an instrument it cannot quote (unknown ticker, missing field) is simply absent from
 * the answer. A request that fails throws (SourceError), and the composite falls back.
 */
export interface QuoteSource {
  readonly name: string;
  readonly budget: SourceBudget;
  /** Instruments one request quotes (1 for per-ticker APIs). */
  readonly batchSize: number;
  /** A daily reference source is never more than end of day. */
  readonly daily?: boolean;
  supports(entry: CatalogueEntry): boolean;
  quotes(entries: CatalogueEntry[], now: number, signal?: AbortSignal): Promise<SourceQuote[]>;
  /** A year of daily bars and the latest days of minute bars, when the source has history. */
  history?(entry: CatalogueEntry, span: "1y" | "5d", signal?: AbortSignal): Promise<BarRow[]>;
  readonly client: HttpClient;
}

/** What every source's factory takes: where it is, its budget (default: its free tier), a timeout. */
export interface SourceOptions {
  baseUrl: string;
  budget?: SourceBudget;
  timeoutMs?: number;
  clock?: () => number;
  /** The product's User-Agent, naming the site's public address. */
  userAgent?: string;
}

/** A source's budget and its HTTP client, paced to that budget. */
export function sourceClient(
  name: string,
  opts: SourceOptions,
  fallback: SourceBudget,
  http: Pick<HttpClientOptions, "headers" | "answerStatuses" | "bodyError"> = {},
): { budget: SourceBudget; client: HttpClient } {
  const budget = opts.budget ?? fallback;
  const client = createHttpClient({
    name,
    baseUrl: opts.baseUrl,
    timeoutMs: opts.timeoutMs,
    userAgent: opts.userAgent,
    perMinute: budget.perMinute,
    clock: opts.clock,
    ...http,
  });
  return { budget, client };
}

/** A quote younger than this while its market trades counts as live. */
const LIVE_WITHIN_MS = 2 * 60_000;

const DAY_MS = 86_400_000;

/**
 * A real quote whose trade is older than this is stale: the open of its exchange's last completed
 * session (a daily source, which publishes after the session, may be one session behind); a
 * market that never closes counts a day (two for a daily source) as its session.
 */
export function staleBefore(ex: Exchange, now: number, daily = false): number {
  const sessions = daily ? 2 : 1;
  let close = lastClose(ex, now);
  if (close === null) return now - sessions * DAY_MS;
  const length = sessionMinutes(ex) * 60_000;
  for (let i = 1; i < sessions; i++) close = lastClose(ex, close - length - 1) ?? close;
  return close - length;
}

/**
 * The honest label of a real quote: stale when the trade it reports is older than its exchange's
 * last session (whenever it was fetched), end of day when its market is shut (or the source only
 * publishes daily), live when it is minutes old, otherwise delayed by its age (or by the delay the
 * source declares, whichever is larger).
 */
export function labelFor(opts: {
  source: string;
  entry: CatalogueEntry;
  quoteTime: number;
  now: number;
  daily?: boolean;
  declaredDelayMinutes?: number;
}): QuoteLabel {
  const { source, entry, quoteTime, now } = opts;
  const ex = EXCHANGES[entry.exchange];
  if (ex && quoteTime < staleBefore(ex, now, opts.daily)) return { source, freshness: "stale" };
  const open = ex ? isOpen(ex, now) : true;
  if (opts.daily || !open) return { source, freshness: "eod" };
  const declared = opts.declaredDelayMinutes ?? 0;
  if (declared === 0 && now - quoteTime <= LIVE_WITHIN_MS) return { source, freshness: "live" };
  const ageMinutes = Math.max(1, Math.round((now - quoteTime) / 60_000));
  return { source, freshness: "delayed" as Freshness, delayMinutes: Math.max(ageMinutes, declared) };
}

/**
 * A labelled quote, or nothing when the price is missing; absent day fields fall back to the price
 * (a range the real price spans); an absent previous close stays absent (NaN), never the price.
 */
export function sourceQuote(
  entry: CatalogueEntry,
  fields: { price?: number; previousClose?: number; dayHigh?: number; dayLow?: number; time?: number },
  label: Omit<Parameters<typeof labelFor>[0], "entry" | "quoteTime">,
): SourceQuote | undefined {
  const { price } = fields;
  if (price === undefined || !(price > 0)) return undefined;
  const time = fields.time ?? label.now;
  const previousClose =
    fields.previousClose !== undefined && fields.previousClose > 0 ? fields.previousClose : Number.NaN;
  return {
    symbol: entry.symbol,
    price,
    previousClose,
    dayHigh: Math.max(fields.dayHigh ?? price, price),
    dayLow: Math.min(fields.dayLow ?? price, price),
    time: Math.min(time, label.now),
    ...labelFor({ ...label, entry, quoteTime: time }),
  };
}
