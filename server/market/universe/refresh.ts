import { z } from "zod";
import type { Config } from "#server/config";
import type { Db } from "#server/db/client";
import type { Scheduler } from "#server/jobs/scheduler";
import type { Logger } from "#server/logger";
import type { Bus } from "#server/realtime/bus";
import { insertNewListings } from "./store";
import {
  EXCHANGE_CURRENCY,
  EXCHANGE_MIC,
  EXCHANGES,
  type Listing,
  type ListingExchange,
  SYMBOL_SUFFIX,
  YAHOO_SUFFIX,
} from "./types";

/** Twelve Data `/stocks` answer (documented shape); rows without a symbol or name are dropped. */
const stocksSchema = z.object({
  data: z.array(
    z.object({
      symbol: z.string().trim().min(1).max(20),
      name: z.string().trim().min(1).max(200),
      currency: z.string().optional(),
      mic_code: z.string().optional(),
      type: z.string().optional(),
    }),
  ),
});
const errorSchema = z.object({ status: z.literal("error"), message: z.string().optional() });

export interface ListingSourceOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** One exchange's listed common stocks from Twelve Data's `/stocks?mic_code=` endpoint. */
export async function fetchTwelveDataListings(
  exchange: ListingExchange,
  opts: ListingSourceOptions,
): Promise<Array<{ code: string; name: string; currency?: string }>> {
  const url = new URL("/stocks", opts.baseUrl);
  url.searchParams.set("mic_code", EXCHANGE_MIC[exchange]);
  url.searchParams.set("type", "Common Stock");
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const res = await fetch(url, {
    headers: { Authorization: `apikey ${opts.apiKey}`, Accept: "application/json" },
    signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`twelvedata /stocks ${exchange}: HTTP ${res.status}, not JSON`);
  }
  const err = errorSchema.safeParse(body);
  if (!res.ok || err.success) {
    throw new Error(
      `twelvedata /stocks ${exchange}: HTTP ${res.status} ${err.success ? (err.data.message ?? "") : ""}`.trim(),
    );
  }
  const parsed = stocksSchema.safeParse(body);
  if (!parsed.success) throw new Error(`twelvedata /stocks ${exchange}: unexpected answer`);
  return parsed.data.data
    .filter((r) => !r.type || r.type === "Common Stock")
    .filter((r) => !r.mic_code || r.mic_code === EXCHANGE_MIC[exchange])
    .map((r) => ({ code: r.symbol.toUpperCase(), name: r.name, currency: r.currency }));
}

/**
 * New listings from a provider's rows, for symbols the directory does not know on that exchange.
 * A code another exchange already uses gets `CODE.<suffix>` (SYMBOL_SUFFIX): existing symbols never
 * change, since alerts and links point at them. Names are English only: flagged, never guessed.
 */
export function newListingsFrom(
  exchange: ListingExchange,
  rows: Array<{ code: string; name: string; currency?: string }>,
  known: Listing[],
  source: string,
): Listing[] {
  const taken = new Map(known.map((l) => [l.symbol, l.exchange]));
  const onExchange = new Set(
    known.filter((l) => l.exchange === exchange).map((l) => l.tickers.twelveData ?? l.symbol),
  );
  const out: Listing[] = [];
  for (const r of rows) {
    if (!/^[A-Z0-9][A-Z0-9.&-]{0,14}$/.test(r.code) || onExchange.has(r.code)) continue;
    const symbol = taken.has(r.code) ? `${r.code}.${SYMBOL_SUFFIX[exchange]}` : r.code;
    if (taken.has(symbol)) continue;
    taken.set(symbol, exchange);
    onExchange.add(r.code);
    const suffix = YAHOO_SUFFIX[exchange];
    out.push({
      symbol,
      name: r.name,
      nameAr: r.name,
      nameArMissing: true,
      exchange,
      sector: "Unclassified",
      currency: r.currency && /^[A-Z]{3}$/.test(r.currency) ? r.currency : EXCHANGE_CURRENCY[exchange],
      tickers: { twelveData: r.code, ...(suffix ? { yahoo: `${r.code}${suffix}` } : {}) },
      source,
    });
  }
  return out;
}

export const INSTRUMENTS_CHANGED_TOPIC = "instruments:changed";
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RefreshDeps {
  db: Db;
  log: Logger;
  bus?: Bus;
  directory: { all(): Promise<Listing[]>; reload(): Promise<number> };
  source: ListingSourceOptions;
}

/** Asks the provider for every exchange's listings and adds the new ones. */
export async function refreshListings(deps: RefreshDeps, signal?: AbortSignal): Promise<number> {
  let added = 0;
  for (const exchange of EXCHANGES) {
    signal?.throwIfAborted();
    try {
      const rows = await fetchTwelveDataListings(exchange, { ...deps.source, signal });
      const fresh = newListingsFrom(exchange, rows, await deps.directory.all(), "twelvedata");
      added += await insertNewListings(deps.db, fresh);
      if (fresh.length) await deps.directory.reload();
    } catch (err) {
      if (signal?.aborted) throw err;
      deps.log.warn({ err, exchange }, "instruments: listing refresh failed for one exchange");
    }
  }
  if (added > 0) {
    deps.log.info({ added }, "instruments: new listings from the provider");
    await deps.bus?.publish(INSTRUMENTS_CHANGED_TOPIC, { added });
  }
  return added;
}

/** The daily listing refresh, only when a provider key is configured. */
export function registerListingRefresh(
  jobs: Scheduler,
  deps: Omit<RefreshDeps, "source">,
  source?: ListingSourceOptions,
) {
  deps.bus?.subscribe(INSTRUMENTS_CHANGED_TOPIC, () => {
    deps.directory.reload().catch((err) => deps.log.warn({ err }, "instruments: reload failed"));
  });
  if (!source?.apiKey) return false;
  jobs.register({
    name: "instruments-refresh",
    intervalMs: DAY_MS,
    runAtStart: false,
    run: async (signal) => {
      await refreshListings({ ...deps, source }, signal);
    },
  });
  return true;
}

/** The listing source from the parsed config: Twelve Data when its key is set. */
export function listingSourceFromConfig(
  config: Pick<Config, "TWELVE_DATA_API_KEY" | "TWELVE_DATA_BASE_URL">,
): ListingSourceOptions | undefined {
  if (!config.TWELVE_DATA_API_KEY) return undefined;
  return { apiKey: config.TWELVE_DATA_API_KEY, baseUrl: config.TWELVE_DATA_BASE_URL };
}
