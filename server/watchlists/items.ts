import { AppError } from "#common/errors";
import { MAX_ITEMS_PER_WATCHLIST } from "#common/watchlist-limits";
import { DEFAULT_WATCHLIST_NAME, fillMessage, WATCHLIST_MESSAGES as M } from "#common/watchlist-schema";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { MarketService } from "../market/types";
import { type ListAlerts, ruleInput, ruleOf } from "./list-alerts";
import {
  deleteItem,
  findList,
  insertItem,
  insertList,
  itemsOf,
  listsOf,
  lockUserWatchlists,
  setItemPosition,
} from "./queries";
import type { LocalMergeResult, Watchlists } from "./types";
import { canonicalSymbol, ensureSameMembers, notFound, ownId } from "./validation";

export interface ItemsDeps {
  db: Db;
  log: Logger;
  market: Pick<MarketService, "findInstrument">;
  listAlerts: ListAlerts;
}

export type WatchlistItems = Pick<Watchlists, "addItem" | "removeItem" | "reorderItems" | "mergeLocal">;

/** Adds one member inside the user's lock, refusing a duplicate or a full list. */
async function insertMember(db: Db, userId: string, id: string, symbol: string) {
  await db.transaction(async (tx) => {
    await lockUserWatchlists(tx, userId);
    if (!(await findList(tx, userId, id))) throw notFound();
    const items = await itemsOf(tx, userId, id);
    if (items.some((i) => i.symbol === symbol)) {
      const message = fillMessage(M.alreadyListed, { symbol });
      throw new AppError("conflict:watchlist_item", message, { symbol: message });
    }
    if (items.length >= MAX_ITEMS_PER_WATCHLIST)
      throw new AppError("conflict:watchlist_item_limit", M.itemLimit);
    await insertItem(tx, userId, id, symbol);
  });
}

/** Moves the known symbols onto the user's first list (made when they have none), skipping what is there or does not fit. */
function mergeMembers(db: Db, userId: string, wanted: string[], unknown: string[], lang: "en" | "ar") {
  return db.transaction(async (tx): Promise<LocalMergeResult> => {
    await lockUserWatchlists(tx, userId);
    const [first] = await listsOf(tx, userId);
    const target = first ?? (await insertList(tx, userId, DEFAULT_WATCHLIST_NAME[lang]));
    const present = new Set((await itemsOf(tx, userId, target.id)).map((i) => i.symbol));
    const added: string[] = [];
    const skipped: string[] = [...unknown];
    for (const symbol of wanted) {
      if (present.has(symbol) || present.size >= MAX_ITEMS_PER_WATCHLIST) {
        skipped.push(symbol);
        continue;
      }
      await insertItem(tx, userId, target.id, symbol);
      present.add(symbol);
      added.push(symbol);
    }
    return { watchlistId: target.id, added, skipped };
  });
}

/** A list's members: adding, removing, ordering, and the anonymous visitor's local list; the list's alert follows them. */
export function watchlistItems(deps: ItemsDeps): WatchlistItems {
  const { db, market, listAlerts } = deps;
  return {
    async addItem(userId, watchlistId, rawSymbol) {
      const id = ownId(watchlistId);
      const symbol = canonicalSymbol(market, rawSymbol);
      const rule = ruleOf(await listAlerts.of(userId, id));
      if (rule) {
        listAlerts.ensurePrices(rule.kind, [symbol]);
        await listAlerts.ensureRoom(userId, 1);
      }
      await insertMember(db, userId, id, symbol);
      if (rule) {
        try {
          await listAlerts.create(userId, id, ruleInput(rule), [symbol]);
        } catch (err) {
          // The member and its alert come together or not at all.
          await db.transaction((tx) => deleteItem(tx, userId, id, symbol));
          throw err;
        }
      }
      return symbol;
    },

    async removeItem(userId, watchlistId, rawSymbol) {
      const id = ownId(watchlistId);
      const symbol =
        typeof rawSymbol === "string"
          ? (market.findInstrument(rawSymbol.trim())?.symbol ?? rawSymbol.trim())
          : "";
      const removed = await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        if (!(await findList(tx, userId, id))) throw notFound();
        return deleteItem(tx, userId, id, symbol);
      });
      if (!removed) {
        const message = fillMessage(M.notListed, { symbol: symbol.toUpperCase() });
        throw new AppError("not_found:watchlist_item", message, { symbol: message });
      }
      await listAlerts.remove(userId, id, symbol);
    },

    async reorderItems(userId, watchlistId, symbols) {
      const id = ownId(watchlistId);
      await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        if (!(await findList(tx, userId, id))) throw notFound();
        const items = await itemsOf(tx, userId, id);
        ensureSameMembers(
          items.map((i) => i.symbol),
          symbols,
        );
        for (const [position, symbol] of symbols.entries())
          await setItemPosition(tx, userId, id, symbol, position);
      });
    },

    async mergeLocal(userId, symbols, lang) {
      // Unknown symbols (a stale local list) are skipped, not refused: the rest still moves.
      const wanted = [...new Set(symbols.flatMap((s) => market.findInstrument(s.trim())?.symbol ?? []))];
      const unknown = symbols.filter((s) => !market.findInstrument(s.trim()));
      // Nothing known to move (a stale local list): refused, and no list is made for it.
      if (!wanted.length) throw new AppError("bad_request:watchlist_symbol", M.nothingToMerge);
      const result = await mergeMembers(db, userId, wanted, unknown, lang);
      // A list alert follows the new members when the alert cap allows; the members stay either way.
      const rule = result.added.length ? ruleOf(await listAlerts.of(userId, result.watchlistId)) : null;
      if (rule) {
        try {
          await listAlerts.ensureRoom(userId, result.added.length);
          await listAlerts.create(userId, result.watchlistId, ruleInput(rule), result.added);
        } catch (err) {
          deps.log.warn({ err }, "watchlists: the list alert did not follow the merged members");
        }
      }
      return result;
    },
  };
}
