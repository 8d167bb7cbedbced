import type { Config } from "#server/config";
import { productUserAgent } from "#server/http/user-agent";
import { COINGECKO_BUDGET, createCoinGeckoSource } from "./coingecko";
import { createFrankfurterSource, FRANKFURTER_BUDGET } from "./frankfurter";
import { createGoldApiSource, GOLD_API_BUDGET } from "./gold-api";
import { createSahmkSource, SAHMK_BUDGET } from "./sahmk";
import type { QuoteSource, SourceBudget } from "./source";
import { createTwelveDataSource, TWELVE_DATA_BUDGET } from "./twelve-data";
import { createYahooSource, YAHOO_BUDGET } from "./yahoo";

/** "twelvedata=8/800,yahoo=20/10000" -> budgets by source name. */
export function parseBudgets(text: string | undefined): Map<string, SourceBudget> {
  const out = new Map<string, SourceBudget>();
  for (const part of (text ?? "").split(",")) {
    const m = /^\s*([a-z-]+)=(\d+)\/(\d+)\s*$/.exec(part);
    if (m) out.set(m[1]!, { perMinute: Number(m[2]), perDay: Number(m[3]) });
  }
  return out;
}

/**
 * The real sources `auto` uses: the keyless ones unless MARKET_SOURCES_DISABLED names them, each
 * keyed one only when its key is set. `http` (kept as an alias) is one Yahoo-chart-shaped API at
 * MARKET_HTTP_URL.
 */
export function createSources(config: Config, clock?: () => number): QuoteSource[] {
  const budgets = parseBudgets(config.MARKET_BUDGETS);
  const common = {
    timeoutMs: config.MARKET_SOURCE_TIMEOUT_MS,
    userAgent: productUserAgent(config.PUBLIC_URL),
    clock,
  };
  // What every source takes, with its budget (MARKET_BUDGETS, else its published plan's).
  const shared = (name: string, fallback: SourceBudget) => ({
    ...common,
    budget: budgets.get(name) ?? fallback,
  });
  if (config.MARKET_PROVIDER === "http") {
    return [
      createYahooSource({
        baseUrl: config.MARKET_HTTP_URL!,
        ...shared("yahoo", YAHOO_BUDGET),
      }),
    ];
  }
  const off = new Set(config.MARKET_SOURCES_DISABLED);
  // Each with whether it is on: a keyed one when its key is set, a keyless one unless disabled;
  // this order is the one the admin lists them in.
  const candidates: Array<[boolean, () => QuoteSource]> = [
    [
      Boolean(config.SAHMK_API_KEY),
      () =>
        createSahmkSource({
          baseUrl: config.SAHMK_BASE_URL,
          apiKey: config.SAHMK_API_KEY!,
          ...shared("sahmk", SAHMK_BUDGET),
        }),
    ],
    [
      Boolean(config.TWELVE_DATA_API_KEY),
      () =>
        createTwelveDataSource({
          baseUrl: config.TWELVE_DATA_BASE_URL,
          apiKey: config.TWELVE_DATA_API_KEY!,
          ...shared("twelvedata", TWELVE_DATA_BUDGET),
        }),
    ],
    [
      !off.has("frankfurter"),
      () =>
        createFrankfurterSource({
          baseUrl: config.FRANKFURTER_BASE_URL,
          ...shared("frankfurter", FRANKFURTER_BUDGET),
        }),
    ],
    [
      !off.has("coingecko"),
      () =>
        createCoinGeckoSource({
          baseUrl: config.COINGECKO_BASE_URL,
          apiKey: config.COINGECKO_API_KEY,
          ...shared("coingecko", COINGECKO_BUDGET),
        }),
    ],
    [
      !off.has("gold-api"),
      () =>
        createGoldApiSource({
          baseUrl: config.GOLD_API_BASE_URL,
          ...shared("gold-api", GOLD_API_BUDGET),
        }),
    ],
    [
      !off.has("yahoo"),
      () =>
        createYahooSource({
          baseUrl: config.YAHOO_BASE_URL,
          ...shared("yahoo", YAHOO_BUDGET),
        }),
    ],
  ];
  return candidates.filter(([on]) => on).map(([, make]) => make());
}
