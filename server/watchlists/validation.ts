import { AppError } from "#common/errors";
import {
  fillMessage,
  WATCHLIST_MESSAGES as M,
  watchlistAlertSchema,
  watchlistNameSchema,
} from "#common/watchlist-schema";
import type { MarketService } from "../market/types";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notFound = () => new AppError("not_found:watchlist", M.notFound);

/** An id that cannot be a list's is "not found", like another user's list. */
export function ownId(watchlistId: unknown): string {
  if (typeof watchlistId !== "string" || !UUID.test(watchlistId)) throw notFound();
  return watchlistId;
}

export function parseName(name: unknown): string {
  const parsed = watchlistNameSchema.safeParse(name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? M.nameRequired;
    throw new AppError("bad_request:watchlist_name", message, { name: message });
  }
  return parsed.data;
}

/** A list alert's rule, checked as the form checks it; the first problem names its field. */
export function parseAlertRule(input: unknown) {
  const parsed = watchlistAlertSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? M.percentRange;
    throw new AppError("bad_request:watchlist_alert", message, {
      [String(issue?.path[0] ?? "percent")]: message,
    });
  }
  return parsed.data;
}

/** The instrument's canonical symbol, or a clear refusal naming what was asked for. */
export function canonicalSymbol(market: Pick<MarketService, "findInstrument">, symbol: unknown): string {
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

/** The same entries, each once: a reorder names every member exactly once. */
export function sameMembers(current: string[], next: unknown): next is string[] {
  if (!Array.isArray(next) || next.length !== current.length) return false;
  const set = new Set(current);
  return new Set(next).size === next.length && next.every((v) => typeof v === "string" && set.has(v));
}

/** Refuses a reorder that does not name every member exactly once. */
export function ensureSameMembers(current: string[], next: unknown): asserts next is string[] {
  if (!sameMembers(current, next)) throw new AppError("bad_request:watchlist_order", M.badOrder);
}
