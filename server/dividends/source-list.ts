import type { Config } from "../config";
import { type ActionSourceClient, createTwelveDataActions, createYahooActions } from "./sources";

/**
 * The sources of dividend and split history `auto` reads: Yahoo unless MARKET_SOURCES_DISABLED
 * names it, Twelve Data when its key is set; none with the simulator (no invented dividends).
 */
export function actionSourcesFrom(config: Config, userAgent: string): ActionSourceClient[] {
  if (config.MARKET_PROVIDER !== "auto") return [];
  const off = new Set(config.MARKET_SOURCES_DISABLED);
  const out: ActionSourceClient[] = [];
  if (config.TWELVE_DATA_API_KEY)
    out.push(
      createTwelveDataActions({
        baseUrl: config.TWELVE_DATA_BASE_URL,
        apiKey: config.TWELVE_DATA_API_KEY,
        userAgent,
      }),
    );
  if (!off.has("yahoo")) out.push(createYahooActions({ baseUrl: config.YAHOO_BASE_URL, userAgent }));
  return out;
}
