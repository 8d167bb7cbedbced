import { createLedger } from "./engine/ledger";
import type { Activity, EngineInput, Ledger, LiveQuote, PortfolioSnapshot } from "./engine/types";

/** How many portfolios keep their ledger in memory; the least recently used one goes first. */
export const LEDGER_CAPACITY = 500;

interface Entry {
  ledger: Ledger;
  symbols: Set<string>;
  /** The day it values, and its latest activity's date. */
  today: string;
  lastDate: string;
}

/**
 * One incremental ledger per portfolio in memory (LRU-bounded), so a new activity or a price tick
 * updates a valuation instead of recomputing its history. A change that rewrites history (an edit,
 * a deletion, an import, a new base currency) drops the portfolio's ledger; the next read rebuilds it.
 */
export function createLedgerCache(capacity = LEDGER_CAPACITY) {
  const entries = new Map<string, Entry>();
  /** symbol -> portfolios (with a ledger here) holding it: a tick touches only those. */
  const bySymbol = new Map<string, Set<string>>();

  const index = (id: string, symbol: string) => {
    const set = bySymbol.get(symbol) ?? new Set<string>();
    bySymbol.set(symbol, set);
    set.add(id);
  };
  function drop(id: string) {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    for (const symbol of entry.symbols) {
      const set = bySymbol.get(symbol);
      set?.delete(id);
      if (set?.size === 0) bySymbol.delete(symbol);
    }
  }

  return {
    /** The portfolio's snapshot, building its ledger from `input()` when it has none. */
    async snapshot(id: string, today: string, input: () => Promise<EngineInput>): Promise<PortfolioSnapshot> {
      let entry = entries.get(id);
      if (entry && entry.today !== today) drop(id);
      entry = entries.get(id);
      if (entry) {
        entries.delete(id); // re-inserted: most recently used
        entries.set(id, entry);
      } else {
        const built = await input();
        const lastDate =
          built.activities
            .map((a) => a.date)
            .sort()
            .at(-1) ?? "";
        entry = { ledger: createLedger(built), symbols: new Set(built.instruments.keys()), today, lastDate };
        entries.set(id, entry);
        for (const symbol of entry.symbols) index(id, symbol);
        while (entries.size > capacity) drop(entries.keys().next().value!);
      }
      return entry.ledger.snapshot();
    },
    /** A new activity: applied to the ledger when it comes after the others, else the ledger goes. */
    added(id: string, activity: Activity) {
      const entry = entries.get(id);
      if (!entry) return;
      // A first trade in a new instrument needs its facts, and one dated before the latest
      // rewrites history: either way the ledger is rebuilt on the next read.
      if (activity.symbol && !entry.symbols.has(activity.symbol)) return drop(id);
      if (activity.date < entry.lastDate) return drop(id);
      entry.lastDate = activity.date;
      entry.ledger.addActivity(activity);
    },
    /** Applies a tick's quotes to the ledgers holding them; returns the portfolios touched. */
    tick(quotes: LiveQuote[]): string[] {
      const touched = new Set<string>();
      for (const q of quotes) {
        for (const id of bySymbol.get(q.symbol) ?? []) {
          entries.get(id)?.ledger.applyQuote(q);
          touched.add(id);
        }
      }
      return [...touched];
    },
    drop,
    has: (id: string) => entries.has(id),
    get size() {
      return entries.size;
    },
  };
}

export type LedgerCache = ReturnType<typeof createLedgerCache>;
