import { AppError } from "#common/errors";
import { fillMessage, WATCHLIST_MESSAGES as M, type WatchlistAlertInput } from "#common/watchlist-schema";
import type { MarketService } from "../market/types";
import type { WatchlistAlertRule, WatchlistAlertsPort } from "./types";

type ListAlert = Awaited<ReturnType<WatchlistAlertsPort["list"]>>[number];

export interface ListAlertsDeps {
  /** Whole-watchlist alerts are ordinary price alerts, made and removed by the alerts service. */
  alerts: WatchlistAlertsPort;
  market: Pick<MarketService, "quote">;
  /** The per-user alert cap the alerts service enforces now, to refuse a list alert before starting. */
  maxAlertsPerUser: () => number;
}

/** The rule a list's alerts share (they are made together from one rule), or null without any. */
export function ruleOf(alerts: ListAlert[]): WatchlistAlertRule | null {
  const first = alerts[0];
  if (!first) return null;
  return {
    kind: first.alertType === "move_window" ? "move_window" : "change_percent",
    percent: first.targetValue,
    windowMinutes: first.windowMinutes ?? null,
    notifyEmail: first.notifyEmail,
    count: alerts.length,
  };
}

export const ruleInput = (rule: WatchlistAlertRule): WatchlistAlertInput => ({
  kind: rule.kind,
  percent: rule.percent,
  notifyEmail: rule.notifyEmail,
  ...(rule.windowMinutes
    ? { windowMinutes: rule.windowMinutes as WatchlistAlertInput["windowMinutes"] }
    : {}),
});

/** The alerts a watchlist carries on its members: one price alert per member, made from one rule. */
export interface ListAlerts {
  of(userId: string, watchlistId: string): Promise<ListAlert[]>;
  /** Refuses when the user's alerts leave fewer than `needed` free places (besides `freed`). */
  ensureRoom(userId: string, needed: number, freed?: number): Promise<void>;
  /** A change % alert measures from the price now: every member needs one. */
  ensurePrices(kind: WatchlistAlertInput["kind"], symbols: string[]): void;
  /** Creates the rule's alert on each symbol; on a failure removes the ones it made and rethrows. */
  create(userId: string, watchlistId: string, rule: WatchlistAlertInput, symbols: string[]): Promise<void>;
  /** Removes the list's alerts (all, or those on one symbol) through the alerts service, so its index forgets them. */
  remove(userId: string, watchlistId: string, symbol?: string): Promise<void>;
}

export function createListAlerts({ alerts, market, maxAlertsPerUser }: ListAlertsDeps): ListAlerts {
  const of = async (userId: string, watchlistId: string) =>
    (await alerts.list(userId)).filter((a) => a.watchlistId === watchlistId);
  return {
    of,
    async ensureRoom(userId, needed, freed = 0) {
      const used = (await alerts.list(userId)).length - freed;
      const max = maxAlertsPerUser();
      const free = Math.max(0, max - used);
      if (needed > free) {
        throw new AppError("conflict:alert_limit", fillMessage(M.alertCap, { needed, free, max }));
      }
    },
    ensurePrices(kind, symbols) {
      if (kind !== "change_percent") return;
      const missing = symbols.find((s) => !(market.quote(s)?.price ?? 0));
      if (missing) {
        throw new AppError(
          "unavailable:alert_price",
          `There is no current price for ${missing} yet. Try again in a moment.`,
        );
      }
    },
    async create(userId, watchlistId, rule, symbols) {
      const made: string[] = [];
      try {
        for (const symbol of symbols) {
          const row = await alerts.create(userId, {
            symbol,
            alertType: rule.kind,
            targetValue: rule.percent,
            notifyEmail: rule.notifyEmail,
            ...(rule.kind === "move_window" && rule.windowMinutes
              ? { windowMinutes: rule.windowMinutes }
              : {}),
            watchlistId,
          });
          made.push(row.id);
        }
      } catch (err) {
        for (const id of made) await alerts.remove(userId, id).catch(() => {});
        throw err;
      }
    },
    async remove(userId, watchlistId, symbol) {
      for (const a of await of(userId, watchlistId)) {
        if (symbol === undefined || a.symbol === symbol) await alerts.remove(userId, a.id);
      }
    },
  };
}
