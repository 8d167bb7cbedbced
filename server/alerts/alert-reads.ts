import { levelHolds } from "#common/alert-holds";
import type { Db } from "../db/client";
import type { MarketService } from "../market/types";
import { evaluablePrice } from "./evaluable";
import { listAlerts, listTriggers } from "./queries";
import { textsInLanguage } from "./reader-texts";
import type { Alerts } from "./types";
import { isUuid } from "./validation";

const HISTORY_LIMIT = 100;

export type AlertReads = Pick<Alerts, "list" | "history" | "holdsNow" | "suggestions">;

/** What the alerts page reads: the user's alerts, their trigger history and the instruments to choose from. */
export function alertReads({
  db,
  market,
  decimalsOf,
}: {
  db: Db;
  market: Pick<MarketService, "quote" | "catalogue">;
  decimalsOf: (symbol: string) => number;
}): AlertReads {
  return {
    list: (userId) => listAlerts({ db, userId }),

    async history(userId, opts) {
      if (opts?.alertId !== undefined && !isUuid(opts.alertId)) return [];
      const rows = await listTriggers({
        db,
        userId,
        alertId: opts?.alertId,
        limit: Math.min(opts?.limit ?? HISTORY_LIMIT, HISTORY_LIMIT),
      });
      // In the reader's language when asked (see ./reader-texts.ts), else as stored.
      const lang = opts?.lang;
      return lang ? rows.map((row) => ({ ...row, ...textsInLanguage(row, row, lang, decimalsOf) })) : rows;
    },

    holdsNow(alert) {
      const price = alert.status === "active" ? evaluablePrice(market.quote(alert.symbol)) : null;
      return levelHolds(alert.alertType, alert.targetValue, price);
    },

    suggestions() {
      return market.catalogue().map((i) => ({
        symbol: i.symbol,
        name: i.name,
        nameAr: i.nameAr,
        decimals: i.decimals,
      }));
    },
  };
}
