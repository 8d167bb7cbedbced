import { AppError } from "#common/errors";
import { MAX_WATCHLISTS_PER_USER } from "#common/watchlist-limits";
import { WATCHLIST_MESSAGES as M } from "#common/watchlist-schema";
import type { Db } from "../db/client";
import type { MarketService } from "../market/types";
import { type ListAlerts, ruleOf } from "./list-alerts";
import {
  countLists,
  deleteList,
  findList,
  insertItem,
  insertList,
  itemsOf,
  listsOf,
  lockUserWatchlists,
  nameTaken,
  renameList,
  setListPosition,
} from "./queries";
import type { Watchlist, WatchlistAlertsPort, Watchlists } from "./types";
import { canonicalSymbol, ensureSameMembers, notFound, ownId, parseName } from "./validation";

export interface ListsDeps {
  db: Db;
  market: Pick<MarketService, "findInstrument">;
  alerts: Pick<WatchlistAlertsPort, "list">;
  listAlerts: Pick<ListAlerts, "remove">;
}

export type WatchlistLists = Pick<Watchlists, "list" | "get" | "create" | "rename" | "remove" | "reorder">;

const nameTakenError = () => new AppError("conflict:watchlist_name", M.nameTaken, { name: M.nameTaken });

/** A user's lists (or one of them) with their members in order and the alert each carries. */
async function load(
  deps: Pick<ListsDeps, "db" | "alerts">,
  userId: string,
  only?: string,
): Promise<Watchlist[]> {
  const { db } = deps;
  const [lists, items, userAlerts] = await Promise.all([
    only ? findList(db, userId, only).then((l) => (l ? [l] : [])) : listsOf(db, userId),
    itemsOf(db, userId, only),
    deps.alerts.list(userId),
  ]);
  return lists.map((l) => ({
    ...l,
    items: items
      .filter((i) => i.watchlistId === l.id)
      .map(({ symbol, position, addedAt }) => ({ symbol, position, addedAt })),
    alert: ruleOf(userAlerts.filter((a) => a.watchlistId === l.id)),
  }));
}

/** The lists themselves: reading, making, naming, deleting and ordering them (one user's writes one at a time). */
export function watchlistLists(deps: ListsDeps): WatchlistLists {
  const { db } = deps;

  async function get(userId: string, watchlistId: string) {
    const [list] = await load(deps, userId, ownId(watchlistId));
    if (!list) throw notFound();
    return list;
  }

  return {
    list: (userId) => load(deps, userId),
    get,

    async create(userId, rawName, firstSymbol) {
      const name = parseName(rawName);
      const symbol = firstSymbol === undefined ? null : canonicalSymbol(deps.market, firstSymbol);
      const row = await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        if ((await countLists(tx, userId)) >= MAX_WATCHLISTS_PER_USER) {
          throw new AppError("conflict:watchlist_limit", M.listLimit);
        }
        if (await nameTaken(tx, userId, name)) throw nameTakenError();
        const list = await insertList(tx, userId, name);
        if (symbol) await insertItem(tx, userId, list.id, symbol);
        return list;
      });
      return get(userId, row.id);
    },

    async rename(userId, watchlistId, rawName) {
      const id = ownId(watchlistId);
      const name = parseName(rawName);
      await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        if (!(await findList(tx, userId, id))) throw notFound();
        if (await nameTaken(tx, userId, name, id)) throw nameTakenError();
        await renameList(tx, userId, id, name);
      });
    },

    async remove(userId, watchlistId) {
      const id = ownId(watchlistId);
      if (!(await findList(db, userId, id))) throw notFound();
      // Through the alerts service first, so its index forgets them; the cascade would not tell it.
      await deps.listAlerts.remove(userId, id);
      const deleted = await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        return deleteList(tx, userId, id);
      });
      if (!deleted) throw notFound();
    },

    async reorder(userId, ids) {
      await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        const current = await listsOf(tx, userId);
        ensureSameMembers(
          current.map((l) => l.id),
          ids,
        );
        for (const [position, id] of ids.entries()) await setListPosition(tx, userId, id, position);
      });
    },
  };
}
