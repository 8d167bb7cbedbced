import type { CatalogueEntry } from "./catalogue";
import { EXCHANGES, sessionDate } from "./exchanges";
import type { BarRow, ProviderQuote } from "./provider";
import { dailyBarTs } from "./simulator";

/**
 * The last real daily closes the site stored per symbol (market_bars written by a real source).
 * A real quote whose source gives no previous close (gold-api) takes its change from the latest
 * real close before the quote's session; with none, it has no previous close at all (0: shown
 * without a change). A simulated close never stands next to a real price.
 */
export function createRealCloses() {
  // Per symbol: the latest real daily bars (ts -> close), newest few only.
  const closes = new Map<string, Map<number, number>>();

  function note(symbol: string, ts: number, close: number) {
    const m = closes.get(symbol) ?? new Map<number, number>();
    closes.set(symbol, m);
    m.set(ts, close);
    if (m.size > 4) m.delete(Math.min(...m.keys()));
  }

  return {
    note,
    /** Real daily bars written (a source's history, real ticks). */
    noteBars(bars: BarRow[]) {
      for (const b of bars) if (b.real && b.interval === "1d") note(b.symbol, b.ts, b.close);
    },
    /** The latest real close before the quote's session, or 0 when none is stored. */
    previousClose(entry: CatalogueEntry, q: Pick<ProviderQuote, "time">): number {
      const m = closes.get(entry.symbol);
      if (!m) return 0;
      const session = dailyBarTs(sessionDate(EXCHANGES[entry.exchange]!, q.time));
      let best = 0;
      let bestTs = -Infinity;
      for (const [ts, close] of m) {
        if (ts < session && ts > bestTs) {
          best = close;
          bestTs = ts;
        }
      }
      return best;
    },
  };
}

export type RealCloses = ReturnType<typeof createRealCloses>;

/** A real quote (not simulated) whose source gave no previous close. */
export const lacksPreviousClose = (q: ProviderQuote) =>
  q.source !== undefined && q.source !== "simulator" && !(q.previousClose > 0);
