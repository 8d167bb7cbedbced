import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { MarketService } from "../market/types";
import { watchlistItems } from "./items";
import { listAlertRule } from "./list-alert-rule";
import { createListAlerts } from "./list-alerts";
import { watchlistLists } from "./lists";
import type { WatchlistAlertsPort, Watchlists } from "./types";

export interface WatchlistsDeps {
  db: Db;
  log: Logger;
  /** The instrument directory (curated catalogue and every listed company) and current prices. */
  market: Pick<MarketService, "findInstrument" | "quote">;
  /** Whole-watchlist alerts are ordinary price alerts, made and removed by the alerts service. */
  alerts: WatchlistAlertsPort;
  /** The per-user alert cap the alerts service enforces now, to refuse a list alert before starting. */
  maxAlertsPerUser: () => number;
}

/**
 * Wires the watchlists feature: the lists (lists.ts), their members (items.ts) and the alert a
 * whole list carries (list-alert-rule.ts), all three keeping the list's price alerts in step
 * through list-alerts.ts.
 */
export function createWatchlists(deps: WatchlistsDeps): Watchlists {
  const { db, market, alerts } = deps;
  const listAlerts = createListAlerts({ alerts, market, maxAlertsPerUser: deps.maxAlertsPerUser });
  const lists = watchlistLists({ db, market, alerts, listAlerts });
  return {
    ...lists,
    ...watchlistItems({ db, log: deps.log, market, listAlerts }),
    ...listAlertRule({ db, listAlerts, get: lists.get }),
  };
}

export type { Watchlists };
