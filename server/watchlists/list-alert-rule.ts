import { AppError } from "#common/errors";
import { WATCHLIST_MESSAGES as M } from "#common/watchlist-schema";
import type { Db } from "../db/client";
import { type ListAlerts, ruleInput, ruleOf } from "./list-alerts";
import { findList } from "./queries";
import type { Watchlists } from "./types";
import { notFound, ownId, parseAlertRule } from "./validation";

export interface ListAlertRuleDeps {
  db: Db;
  listAlerts: ListAlerts;
  /** The list with its members (not found for another user's). */
  get: Watchlists["get"];
}

export type ListAlertRule = Pick<Watchlists, "setAlert" | "clearAlert">;

/** Setting and clearing the alert a whole list carries: one price alert per member, replaced together. */
export function listAlertRule({ db, listAlerts, get }: ListAlertRuleDeps): ListAlertRule {
  return {
    async setAlert(userId, watchlistId, input) {
      const id = ownId(watchlistId);
      const rule = parseAlertRule(input);
      const list = await get(userId, id);
      const symbols = list.items.map((i) => i.symbol);
      if (!symbols.length) throw new AppError("bad_request:watchlist_alert", M.emptyForAlert);
      listAlerts.ensurePrices(rule.kind, symbols);
      const previous = await listAlerts.of(userId, id);
      await listAlerts.ensureRoom(userId, symbols.length, previous.length);
      await listAlerts.remove(userId, id);
      try {
        await listAlerts.create(userId, id, rule, symbols);
      } catch (err) {
        // The list keeps the alert it had: the previous rule is made again on the same members.
        const before = ruleOf(previous);
        const had = previous.map((a) => a.symbol);
        if (before) await listAlerts.create(userId, id, ruleInput(before), had).catch(() => {});
        throw err;
      }
      return {
        kind: rule.kind,
        percent: rule.percent,
        windowMinutes: rule.kind === "move_window" ? (rule.windowMinutes ?? null) : null,
        notifyEmail: rule.notifyEmail,
        count: symbols.length,
      };
    },

    async clearAlert(userId, watchlistId) {
      const id = ownId(watchlistId);
      if (!(await findList(db, userId, id))) throw notFound();
      await listAlerts.remove(userId, id);
    },
  };
}
