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
  const timeoutMs = config.MARKET_SOURCE_TIMEOUT_MS;
  const userAgent = productUserAgent(config.PUBLIC_URL);
  const budget = (name: string, fallback: SourceBudget) => budgets.get(name) ?? fallback;
  if (config.MARKET_PROVIDER === "http") {
    return [
      createYahooSource({
        baseUrl: config.MARKET_HTTP_URL!,
        budget: budget("yahoo", YAHOO_BUDGET),
        timeoutMs,
        userAgent,
        clock,
      }),
    ];
  }
  const off = new Set(config.MARKET_SOURCES_DISABLED);
  const sources: QuoteSource[] = [];
  if (config.SAHMK_API_KEY) {
    sources.push(
      createSahmkSource({
        baseUrl: config.SAHMK_BASE_URL,
        apiKey: config.SAHMK_API_KEY,
        budget: budget("sahmk", SAHMK_BUDGET),
        timeoutMs,
        userAgent,
        clock,
      }),
    );
  }
  if (config.TWELVE_DATA_API_KEY) {
    sources.push(
      createTwelveDataSource({
        baseUrl: config.TWELVE_DATA_BASE_URL,
        apiKey: config.TWELVE_DATA_API_KEY,
        budget: budget("twelvedata", TWELVE_DATA_BUDGET),
        timeoutMs,
        userAgent,
        clock,
      }),
    );
  }
  if (!off.has("frankfurter")) {
    sources.push(
      createFrankfurterSource({
        baseUrl: config.FRANKFURTER_BASE_URL,
        budget: budget("frankfurter", FRANKFURTER_BUDGET),
        timeoutMs,
        userAgent,
        clock,
      }),
    );
  }
  if (!off.has("coingecko")) {
    sources.push(
      createCoinGeckoSource({
        baseUrl: config.COINGECKO_BASE_URL,
        apiKey: config.COINGECKO_API_KEY,
        budget: budget("coingecko", COINGECKO_BUDGET),
        timeoutMs,
        userAgent,
        clock,
      }),
    );
  }
  if (!off.has("gold-api")) {
    sources.push(
      createGoldApiSource({
        baseUrl: config.GOLD_API_BASE_URL,
        budget: budget("gold-api", GOLD_API_BUDGET),
        timeoutMs,
        userAgent,
        clock,
      }),
    );
  }
  if (!off.has("yahoo")) {
    sources.push(
      createYahooSource({
        baseUrl: config.YAHOO_BASE_URL,
        budget: budget("yahoo", YAHOO_BUDGET),
        timeoutMs,
        userAgent,
        clock,
      }),
    );
  }
  return sources;
}
