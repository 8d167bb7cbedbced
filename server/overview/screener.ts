import type { OverviewRow } from "#common/market-overview";
import type { ScreenerAnswer, ScreenerQuery, ScreenerRow, ScreenerShariah } from "#common/screener";
import type { ScreenerFacts } from "./facts";

/** A company's Shariah summary and dividend yield (percent, two decimals) at its current price. */
export interface RowFacts {
  shariah: ScreenerShariah;
  dividendYield: number | null;
}

const NO_FACTS: ScreenerFacts = { shariah: new Map(), dividends: new Map() };

export function factsOf(r: OverviewRow, facts: ScreenerFacts = NO_FACTS): RowFacts {
  const total = facts.dividends.get(r.symbol);
  const dividendYield =
    total !== undefined && r.price > 0 ? Math.round((total / r.price) * 10_000) / 100 : null;
  return { shariah: facts.shariah.get(r.symbol) ?? "unrated", dividendYield };
}

const toScreenerRow = (r: OverviewRow, f: RowFacts): ScreenerRow => ({
  symbol: r.symbol,
  name: r.name,
  nameAr: r.nameAr,
  exchange: r.exchange,
  sector: r.sector,
  price: r.price,
  changePercent: r.changePercent,
  volume: r.volume,
  valueTraded: r.valueTraded,
  marketCap: r.marketCap,
  high52w: r.high52w,
  low52w: r.low52w,
  freshness: r.freshness,
  shariah: f.shariah,
  dividendYield: f.dividendYield,
});

/** A row passes a bound only with the figure: a company without a volume is never "volume > 0". */
export function matches(r: OverviewRow, q: ScreenerQuery, f: RowFacts = factsOf(r)): boolean {
  if (q.exchange && r.exchange !== q.exchange) return false;
  if (q.sector && r.sector !== q.sector) return false;
  if (q.shariah && f.shariah !== q.shariah) return false;
  if (q.yield) {
    const y = f.dividendYield;
    if (y === null) return false;
    if (q.yield.min !== undefined && y < q.yield.min) return false;
    if (q.yield.max !== undefined && y > q.yield.max) return false;
  }
  for (const [field, { min, max }] of Object.entries(q.ranges) as [
    keyof OverviewRow,
    { min?: number; max?: number },
  ][]) {
    const v = r[field] as number | null;
    if (v === null) return false;
    if (min !== undefined && v < min) return false;
    if (max !== undefined && v > max) return false;
  }
  return true;
}

/**
 * One page of a screen over the snapshot's rows: filtered, sorted by the chosen column (rows
 * without the figure last whatever the order, ties by symbol), then `offset`/`limit`. The
 * universe is a few hundred rows in memory, so a screen is one pass and one sort of the matches.
 */
export function screen(
  rows: Iterable<OverviewRow>,
  q: ScreenerQuery,
  facts: ScreenerFacts = NO_FACTS,
): ScreenerAnswer {
  const found: OverviewRow[] = [];
  const known = new Map<string, RowFacts>();
  for (const r of rows) {
    const f = factsOf(r, facts);
    if (matches(r, q, f)) {
      found.push(r);
      known.set(r.symbol, f);
    }
  }
  const dir = q.order === "asc" ? 1 : -1;
  const key = q.sort;
  found.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? a.symbol.localeCompare(b.symbol) : x === null ? 1 : -1;
    const c = typeof x === "number" ? x - (y as number) : String(x).localeCompare(String(y));
    return c * dir || a.symbol.localeCompare(b.symbol);
  });
  return {
    rows: found.slice(q.offset, q.offset + q.limit).map((r) => toScreenerRow(r, known.get(r.symbol)!)),
    total: found.length,
  };
}
