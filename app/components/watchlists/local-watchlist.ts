import { useSyncExternalStore } from "react";
import { MAX_ITEMS_PER_WATCHLIST } from "#common/watchlist-limits";

/**
 * The anonymous visitor's one watchlist, kept in this browser (localStorage). It moves to their
 * account when they sign in (LocalWatchlistMerge), after which it is cleared.
 */
const KEY = "gp:watchlist";
const listeners = new Set<() => void>();
const EMPTY: string[] = [];
let cached: { raw: string | null; symbols: string[] } = { raw: null, symbols: EMPTY };

function read(): string[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cached.raw) return cached.symbols;
  let symbols: string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) symbols = parsed.filter((s): s is string => typeof s === "string");
  } catch {
    // A damaged entry counts as an empty list.
  }
  cached = { raw, symbols };
  return symbols;
}

function write(symbols: string[]) {
  try {
    if (symbols.length) localStorage.setItem(KEY, JSON.stringify(symbols));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the list stays as it was.
  }
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => e.key === KEY && fn();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener("storage", onStorage);
  };
}

export const localWatchlist = {
  symbols: read,
  has: (symbol: string) => read().includes(symbol),
  /** Adds or removes; false when the list is full. */
  toggle(symbol: string): boolean {
    const now = read();
    if (now.includes(symbol)) {
      write(now.filter((s) => s !== symbol));
      return true;
    }
    if (now.length >= MAX_ITEMS_PER_WATCHLIST) return false;
    write([...now, symbol]);
    return true;
  },
  remove: (symbol: string) => write(read().filter((s) => s !== symbol)),
  /** `symbols`: the same entries in the new order. */
  reorder: (symbols: string[]) => write(symbols),
  clear: () => write([]),
};

/** The local list's symbols; empty during the server render. */
export function useLocalWatchlist(): string[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

const never = () => () => {};
/** False during the server render and hydration: the local list is not known there yet. */
export function useLocalListKnown(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
