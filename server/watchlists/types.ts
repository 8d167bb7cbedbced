import type { WatchlistAlertInput } from "#common/watchlist-schema";

export interface WatchlistItem {
  symbol: string;
  position: number;
  addedAt: Date;
}

/** The alert every member of a watchlist carries, when the owner set one on the whole list. */
export interface WatchlistAlertRule {
  kind: WatchlistAlertInput["kind"];
  percent: number;
  windowMinutes: number | null;
  notifyEmail: boolean;
  /** How many of the list's members have their alert now. */
  count: number;
}

export interface Watchlist {
  id: string;
  name: string;
  position: number;
  createdAt: Date;
  /** In the owner's order. */
  items: WatchlistItem[];
  alert: WatchlistAlertRule | null;
}

/** What merging the anonymous visitor's local list did. */
export interface LocalMergeResult {
  watchlistId: string;
  added: string[];
  /** Already on the list, unknown, or past the list's limit. */
  skipped: string[];
}

/**
 * The alerts a watchlist needs from the alerts feature: its own rows (marked with the watchlist)
 * and creating and deleting them through the alerts service, so the alert index and per-user cap
 * stay the alerts feature's business.
 */
export interface WatchlistAlertsPort {
  list(userId: string): Promise<
    Array<{
      id: string;
      symbol: string;
      alertType: string;
      targetValue: number;
      notifyEmail: boolean;
      windowMinutes?: number | null;
      watchlistId?: string | null;
    }>
  >;
  create(
    userId: string,
    input: {
      symbol: string;
      alertType: WatchlistAlertInput["kind"];
      targetValue: number;
      notifyEmail?: boolean;
      windowMinutes?: number;
      watchlistId: string;
    },
  ): Promise<{ id: string }>;
  remove(userId: string, alertId: string): Promise<void>;
}

/**
 * A user's named watchlists. Every method takes the owner's id and scopes its queries by it: a
 * list of another user is "not found". Errors are AppError with the user's message; a refused
 * call changes nothing.
 */
export interface Watchlists {
  list(userId: string): Promise<Watchlist[]>;
  get(userId: string, watchlistId: string): Promise<Watchlist>;
  /** `firstSymbol`: an instrument the new list starts with (the add-to-watchlist menu's "new list"). */
  create(userId: string, name: string, firstSymbol?: string): Promise<Watchlist>;
  rename(userId: string, watchlistId: string, name: string): Promise<void>;
  remove(userId: string, watchlistId: string): Promise<void>;
  /** `ids`: every one of the user's lists, in the new order. */
  reorder(userId: string, ids: string[]): Promise<void>;
  /** Returns the stored (canonical) symbol. */
  addItem(userId: string, watchlistId: string, symbol: string): Promise<string>;
  removeItem(userId: string, watchlistId: string, symbol: string): Promise<void>;
  /** `symbols`: every member of the list, in the new order. */
  reorderItems(userId: string, watchlistId: string, symbols: string[]): Promise<void>;
  /** The anonymous visitor's local list joins their first list (made when they have none). */
  mergeLocal(userId: string, symbols: string[], lang: "en" | "ar"): Promise<LocalMergeResult>;
  /** One price alert per member, replacing the list's previous watchlist alerts. */
  setAlert(userId: string, watchlistId: string, input: WatchlistAlertInput): Promise<WatchlistAlertRule>;
  clearAlert(userId: string, watchlistId: string): Promise<void>;
}
