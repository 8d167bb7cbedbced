import type { Db } from "../db/client";
import type { Dividends } from "../dividends/types";
import type { Instrument, MarketService } from "../market/types";
import { type InstrumentDirectory, shippedListingsText } from "../market/universe";
import { readDailyBars } from "./daily-bars";
import { historyStats } from "./history-stats";
import { keyStatistics } from "./key-statistics";
import { createStatsCache } from "./stats-cache";
import type { Company } from "./types";

export interface CompanyDeps {
  db: Db;
  market: Pick<MarketService, "findInstrument" | "quote" | "exchange">;
  instruments: Pick<InstrumentDirectory, "get">;
  /** The trailing dividend yield from the stored dividend history (absent without one). */
  dividends?: Pick<Dividends, "trailingYield">;
  clock?: () => number;
}

/** A little over a year of sessions (Gulf exchanges trade five days a week; crypto seven). */
const SESSIONS_READ = 380;
/** While an exchange trades, its running session's bar grows: re-read at most this often. */
const RUNNING_SESSION_MS = 5 * 60_000;
/** A symbol without stored bars yet (a first start still backfilling) is asked again after this. */
const EMPTY_RETRY_MS = 30_000;

/** The listings file's date, for the facts (sector, exchange, currency) its sources gave. */
function listingsFileFacts() {
  const file = JSON.parse(shippedListingsText()) as { generated: string; sources: Record<string, string> };
  return (source: string | undefined) => (source && source in file.sources ? file.generated : null);
}

export function createCompany(deps: CompanyDeps): Company {
  const { db, market } = deps;
  const clock = deps.clock ?? Date.now;
  let listingAsOf: ReturnType<typeof listingsFileFacts> | undefined;
  const history = createStatsCache(
    async (symbol) => {
      const quote = market.quote(symbol);
      const realSource = quote && quote.source !== "simulator" ? quote.source : null;
      return historyStats(await readDailyBars({ db, symbol, sessions: SESSIONS_READ }), realSource);
    },
    { clock, emptyMs: EMPTY_RETRY_MS },
  );
  // The statistics change when the exchange opens or closes a session (and as a running one grows).
  function sessionKey(instrument: Instrument) {
    const ex = market.exchange?.(instrument.exchange);
    const now = clock();
    const session =
      ex?.lastCloseAt != null
        ? `${ex.lastCloseAt}|${ex.nextOpenAt}`
        : new Date(now).toISOString().slice(0, 10);
    return ex?.openNow === false ? session : `${session}|${Math.floor(now / RUNNING_SESSION_MS)}`;
  }
  return {
    async keyStatistics(query) {
      const instrument = market.findInstrument(query);
      if (!instrument) return undefined;
      listingAsOf ??= listingsFileFacts();
      const listing = await deps.instruments.get(instrument.symbol);
      const quote = market.quote(instrument.symbol);
      const stats = keyStatistics({
        instrument,
        listing,
        listingAsOf: listingAsOf(listing?.source),
        quote,
        history: await history.get(instrument.symbol, sessionKey(instrument)),
      });
      // Trailing twelve months of stored dividends over today's price; absent without either.
      const yieldFigure = quote
        ? await deps.dividends?.trailingYield(instrument.symbol, quote.price)
        : undefined;
      if (yieldFigure && quote) {
        stats.statistics.dividendYield = {
          value: yieldFigure.value,
          source: yieldFigure.source,
          asOf: yieldFigure.asOf,
          ...(quote.source === "simulator" ? { simulated: true } : {}),
        };
      }
      return stats;
    },
  };
}
