import type { OverviewRow } from "#common/market-overview";
import type { ScreenerAnswer, ScreenerQuery, ScreenerRow } from "#common/screener";

const toScreenerRow = (r: OverviewRow): ScreenerRow => ({
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
});

/** A row passes a bound only with the figure: a company without a volume is never "volume > 0". */
export function matches(r: OverviewRow, q: ScreenerQuery): boolean {
  if (q.exchange && r.exchange !== q.exchange) return false;
  if (q.sector && r.sector !== q.sector) return false;
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
export function screen(rows: Iterable<OverviewRow>, q: ScreenerQuery): ScreenerAnswer {
  const found: OverviewRow[] = [];
  for (const r of rows) if (matches(r, q)) found.push(r);
  const dir = q.order === "asc" ? 1 : -1;
  const key = q.sort;
  found.sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? a.symbol.localeCompare(b.symbol) : x === null ? 1 : -1;
    const c = typeof x === "number" ? x - (y as number) : String(x).localeCompare(String(y));
    return c * dir || a.symbol.localeCompare(b.symbol);
  });
  return { rows: found.slice(q.offset, q.offset + q.limit).map(toScreenerRow), total: found.length };
}
