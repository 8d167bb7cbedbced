import { AppError } from "#common/errors";
import { MAX_ITEMS_PER_WATCHLIST, MAX_WATCHLISTS_PER_USER } from "#common/watchlist-limits";
import {
  DEFAULT_WATCHLIST_NAME,
  fillMessage,
  WATCHLIST_MESSAGES as M,
  type WatchlistAlertInput,
  watchlistAlertSchema,
  watchlistNameSchema,
} from "#common/watchlist-schema";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { MarketService } from "../market/types";
import {
  countLists,
  deleteItem,
  deleteList,
  findList,
  insertItem,
  insertList,
  itemsOf,
  listsOf,
  lockUserWatchlists,
  nameTaken,
  renameList,
  setItemPosition,
  setListPosition,
} from "./queries";
import type { Watchlist, WatchlistAlertRule, WatchlistAlertsPort, Watchlists } from "./types";

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError("not_found:watchlist", M.notFound);

function parseName(name: unknown): string {
  const parsed = watchlistNameSchema.safeParse(name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? M.nameRequired;
    throw new AppError("bad_request:watchlist_name", message, { name: message });
  }
  return parsed.data;
}

type ListAlert = Awaited<ReturnType<WatchlistAlertsPort["list"]>>[number];

function ruleOf(alerts: ListAlert[]): WatchlistAlertRule | null {
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

export function createWatchlists(deps: WatchlistsDeps): Watchlists {
  const { db, market, alerts, log } = deps;

  /** The instrument's canonical symbol, or a clear refusal naming what was asked for. */
  function canonicalSymbol(symbol: unknown): string {
    const asked = typeof symbol === "string" ? symbol.trim() : "";
    if (!asked || asked.length > 40) {
      throw new AppError("bad_request:watchlist_symbol", M.symbolRequired, { symbol: M.symbolRequired });
    }
    const instrument = market.findInstrument(asked);
    if (!instrument) {
      const message = fillMessage(M.unknownSymbol, { symbol: asked.toUpperCase() });
      throw new AppError("bad_request:watchlist_symbol", message, { symbol: message });
    }
    return instrument.symbol;
  }

  function ownId(watchlistId: unknown): string {
    if (typeof watchlistId !== "string" || !UUID.test(watchlistId)) throw notFound();
    return watchlistId;
  }

  const alertsOfList = async (userId: string, watchlistId: string) =>
    (await alerts.list(userId)).filter((a) => a.watchlistId === watchlistId);

  /** Refuses when the user's alerts leave fewer than `needed` free places (besides `freed`). */
  async function ensureAlertRoom(userId: string, needed: number, freed = 0) {
    const used = (await alerts.list(userId)).length - freed;
    const max = deps.maxAlertsPerUser();
    const free = Math.max(0, max - used);
    if (needed > free) {
      throw new AppError("conflict:alert_limit", fillMessage(M.alertCap, { needed, free, max }));
    }
  }

  /** Creates the rule's alert on each symbol; on a failure removes the ones it made and rethrows. */
  async function createAlerts(
    userId: string,
    watchlistId: string,
    rule: WatchlistAlertInput,
    symbols: string[],
  ) {
    const made: string[] = [];
    try {
      for (const symbol of symbols) {
        const row = await alerts.create(userId, {
          symbol,
          alertType: rule.kind,
          targetValue: rule.percent,
          notifyEmail: rule.notifyEmail,
          ...(rule.kind === "move_window" && rule.windowMinutes ? { windowMinutes: rule.windowMinutes } : {}),
          watchlistId,
        });
        made.push(row.id);
      }
    } catch (err) {
      for (const id of made) await alerts.remove(userId, id).catch(() => {});
      throw err;
    }
  }

  const ruleInput = (rule: WatchlistAlertRule): WatchlistAlertInput => ({
    kind: rule.kind,
    percent: rule.percent,
    notifyEmail: rule.notifyEmail,
    ...(rule.windowMinutes
      ? { windowMinutes: rule.windowMinutes as WatchlistAlertInput["windowMinutes"] }
      : {}),
  });

  /** A change % alert measures from the price now: every member needs one. */
  function ensurePrices(kind: WatchlistAlertInput["kind"], symbols: string[]) {
    if (kind !== "change_percent") return;
    const missing = symbols.find((s) => !(market.quote(s)?.price ?? 0));
    if (missing) {
      throw new AppError(
        "unavailable:alert_price",
        `There is no current price for ${missing} yet. Try again in a moment.`,
      );
    }
  }

  async function load(userId: string, only?: string): Promise<Watchlist[]> {
    const [lists, items, userAlerts] = await Promise.all([
      only ? findList(db, userId, only).then((l) => (l ? [l] : [])) : listsOf(db, userId),
      itemsOf(db, userId, only),
      alerts.list(userId),
    ]);
    return lists.map((l) => ({
      ...l,
      items: items
        .filter((i) => i.watchlistId === l.id)
        .map(({ symbol, position, addedAt }) => ({ symbol, position, addedAt })),
      alert: ruleOf(userAlerts.filter((a) => a.watchlistId === l.id)),
    }));
  }

  const service: Watchlists = {
    list: (userId) => load(userId),

    async get(userId, watchlistId) {
      const [list] = await load(userId, ownId(watchlistId));
      if (!list) throw notFound();
      return list;
    },

    async create(userId, rawName, firstSymbol) {
      const name = parseName(rawName);
      const symbol = firstSymbol === undefined ? null : canonicalSymbol(firstSymbol);
      const row = await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        if ((await countLists(tx, userId)) >= MAX_WATCHLISTS_PER_USER) {
          throw new AppError("conflict:watchlist_limit", M.listLimit);
        }
        if (await nameTaken(tx, userId, name)) {
          throw new AppError("conflict:watchlist_name", M.nameTaken, { name: M.nameTaken });
        }
        const list = await insertList(tx, userId, name);
        if (symbol) await insertItem(tx, userId, list.id, symbol);
        return list;
      });
      return service.get(userId, row.id);
    },

    async rename(userId, watchlistId, rawName) {
      const id = ownId(watchlistId);
      const name = parseName(rawName);
      await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        if (!(await findList(tx, userId, id))) throw notFound();
        if (await nameTaken(tx, userId, name, id)) {
          throw new AppError("conflict:watchlist_name", M.nameTaken, { name: M.nameTaken });
        }
        await renameList(tx, userId, id, name);
      });
    },

    async remove(userId, watchlistId) {
      const id = ownId(watchlistId);
      if (!(await findList(db, userId, id))) throw notFound();
      // Through the alerts service first, so its index forgets them; the cascade would not tell it.
      for (const a of await alertsOfList(userId, id)) await alerts.remove(userId, a.id);
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
        if (
          !sameMembers(
            current.map((l) => l.id),
            ids,
          )
        ) {
          throw new AppError("bad_request:watchlist_order", M.badOrder);
        }
        for (const [position, id] of ids.entries()) await setListPosition(tx, userId, id, position);
      });
    },

    async addItem(userId, watchlistId, rawSymbol) {
      const id = ownId(watchlistId);
      const symbol = canonicalSymbol(rawSymbol);
      const rule = ruleOf(await alertsOfList(userId, id));
      if (rule) {
        ensurePrices(rule.kind, [symbol]);
        await ensureAlertRoom(userId, 1);
      }
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
      if (rule) {
        try {
          await createAlerts(userId, id, ruleInput(rule), [symbol]);
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
      for (const a of await alertsOfList(userId, id)) {
        if (a.symbol === symbol) await alerts.remove(userId, a.id);
      }
    },

    async reorderItems(userId, watchlistId, symbols) {
      const id = ownId(watchlistId);
      await db.transaction(async (tx) => {
        await lockUserWatchlists(tx, userId);
        if (!(await findList(tx, userId, id))) throw notFound();
        const items = await itemsOf(tx, userId, id);
        if (
          !sameMembers(
            items.map((i) => i.symbol),
            symbols,
          )
        ) {
          throw new AppError("bad_request:watchlist_order", M.badOrder);
        }
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
      const result = await db.transaction(async (tx) => {
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
      // A list alert follows the new members when the alert cap allows; the members stay either way.
      const target = result.watchlistId;
      const rule = result.added.length ? ruleOf(await alertsOfList(userId, target)) : null;
      if (rule) {
        try {
          await ensureAlertRoom(userId, result.added.length);
          await createAlerts(userId, target, ruleInput(rule), result.added);
        } catch (err) {
          log.warn({ err }, "watchlists: the list alert did not follow the merged members");
        }
      }
      return result;
    },

    async setAlert(userId, watchlistId, input) {
      const id = ownId(watchlistId);
      const parsed = watchlistAlertSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message = issue?.message ?? M.percentRange;
        throw new AppError("bad_request:watchlist_alert", message, {
          [String(issue?.path[0] ?? "percent")]: message,
        });
      }
      const rule = parsed.data;
      const list = await service.get(userId, id);
      const symbols = list.items.map((i) => i.symbol);
      if (!symbols.length) throw new AppError("bad_request:watchlist_alert", M.emptyForAlert);
      ensurePrices(rule.kind, symbols);
      const previous = await alertsOfList(userId, id);
      await ensureAlertRoom(userId, symbols.length, previous.length);
      for (const a of previous) await alerts.remove(userId, a.id);
      try {
        await createAlerts(userId, id, rule, symbols);
      } catch (err) {
        // The list keeps the alert it had: the previous rule is made again on the same members.
        const before = ruleOf(previous);
        const had = previous.map((a) => a.symbol);
        if (before) await createAlerts(userId, id, ruleInput(before), had).catch(() => {});
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
      for (const a of await alertsOfList(userId, id)) await alerts.remove(userId, a.id);
    },
  };
  return service;
}

/** The same entries, each once. */
function sameMembers(current: string[], next: unknown): next is string[] {
  if (!Array.isArray(next) || next.length !== current.length) return false;
  const set = new Set(current);
  return new Set(next).size === next.length && next.every((v) => typeof v === "string" && set.has(v));
}

export type { Watchlists };
