import {
  GCC_MARKETS,
  type MarketSummary,
  type OverviewMarket,
  type OverviewRow,
} from "#common/market-overview";
import { account, emptyTotals, mergeTotals, summaryOf, type Totals, topLists } from "./summaries";

/**
 * The market snapshot: one row per listed company and running totals per market and for the GCC.
 * Each changed row takes its old figures out of its market's totals and puts its new ones in, so a
 * tick costs the rows it changed, not the universe; the GCC's totals are the sum of its markets'
 * (seven small sums, once per read after a change); the top lists of a market are sorted again only
 * when one of its rows changed since they were last read.
 */
export interface OverviewModel {
  put(row: OverviewRow): void;
  row(symbol: string): OverviewRow | undefined;
  rows(): OverviewRow[];
  summary(market: OverviewMarket | "GCC"): MarketSummary;
}

export function createOverviewModel(): OverviewModel {
  const rows = new Map<string, OverviewRow>();
  const totals = new Map<OverviewMarket, Totals>();
  const tops = new Map<OverviewMarket | "GCC", ReturnType<typeof topLists>>();
  const gcc = new Set<string>(GCC_MARKETS);
  let gccTotals: Totals | null = null;
  const marketTotals = (m: OverviewMarket) => {
    const found = totals.get(m);
    if (found) return found;
    const t = emptyTotals();
    totals.set(m, t);
    return t;
  };
  const totalsOf = (m: OverviewMarket | "GCC") => {
    if (m !== "GCC") return marketTotals(m);
    gccTotals ??= mergeTotals([...totals].filter(([k]) => gcc.has(k)).map(([, t]) => t));
    return gccTotals;
  };
  const touch = (row: OverviewRow, sign: 1 | -1) => {
    account(marketTotals(row.market), row, sign);
    tops.delete(row.market);
    if (gcc.has(row.market)) {
      gccTotals = null;
      tops.delete("GCC");
    }
  };
  // Each market's rows by symbol, so a market's top lists read its rows without a pass over all.
  const byMarket = new Map<OverviewMarket, Map<string, OverviewRow>>();
  const rowsOf = (m: OverviewMarket | "GCC") =>
    m === "GCC"
      ? [...byMarket.entries()].flatMap(([market, list]) => (gcc.has(market) ? [...list.values()] : []))
      : [...(byMarket.get(m)?.values() ?? [])];
  return {
    put(row) {
      const old = rows.get(row.symbol);
      if (old) {
        touch(old, -1);
        if (old.market !== row.market) byMarket.get(old.market)?.delete(old.symbol);
      }
      rows.set(row.symbol, row);
      touch(row, 1);
      let list = byMarket.get(row.market);
      if (!list) {
        list = new Map();
        byMarket.set(row.market, list);
      }
      list.set(row.symbol, row);
    },
    row: (symbol) => rows.get(symbol),
    rows: () => [...rows.values()],
    summary(market) {
      const lists = tops.get(market) ?? topLists(rowsOf(market));
      tops.set(market, lists);
      return summaryOf(market, totalsOf(market), lists);
    },
  };
}
