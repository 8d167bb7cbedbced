import type { WatchlistAlertRule } from "#server/watchlists/types";

/** A watchlist as the /watchlists page gets it from its loader. */
export interface WatchlistView {
  id: string;
  name: string;
  symbols: string[];
  alert: WatchlistAlertRule | null;
}
