import type {
  MarketSummary,
  Mover,
  OverviewMarket,
  OverviewRow,
  SectorPerformance,
} from "#common/market-overview";
import type { Freshness } from "#common/market-wire";

/** How many companies each top list holds. */
export const TOP = 5;

interface SectorTotals {
  companies: number;
  withChange: number;
  changeSum: number;
  advancers: number;
  decliners: number;
  valueTraded: number;
  simulated: number;
}

/** One market's running totals: a row's old figures are taken out and its new ones put in. */
export interface Totals {
  companies: number;
  advancers: number;
  decliners: number;
  unchanged: number;
  noChange: number;
  volume: number;
  valueTraded: number;
  newHighs: number;
  newLows: number;
  freshness: Partial<Record<Freshness, number>>;
  simulatedPrices: number;
  simulatedTraded: number;
  simulatedRange: number;
  sectors: Map<string, SectorTotals>;
}

export const emptyTotals = (): Totals => ({
  companies: 0,
  advancers: 0,
  decliners: 0,
  unchanged: 0,
  noChange: 0,
  volume: 0,
  valueTraded: 0,
  newHighs: 0,
  newLows: 0,
  freshness: {},
  simulatedPrices: 0,
  simulatedTraded: 0,
  simulatedRange: 0,
  sectors: new Map(),
});

const direction = (row: OverviewRow) =>
  row.changePercent === null
    ? "noChange"
    : row.changePercent > 0
      ? "advancers"
      : row.changePercent < 0
        ? "decliners"
        : "unchanged";

/** Adds (sign 1) or takes out (sign −1) one row's contribution. */
export function account(t: Totals, row: OverviewRow, sign: 1 | -1): void {
  t.companies += sign;
  t[direction(row)] += sign;
  t.volume += sign * (row.volume ?? 0);
  t.valueTraded += sign * (row.valueTraded ?? 0);
  if (row.newHigh) t.newHighs += sign;
  if (row.newLow) t.newLows += sign;
  t.freshness[row.freshness] = (t.freshness[row.freshness] ?? 0) + sign;
  if (row.freshness === "simulated") t.simulatedPrices += sign;
  if (row.volumeSimulated && row.volume !== null) t.simulatedTraded += sign;
  if (row.range52wSimulated && row.high52w !== null) t.simulatedRange += sign;
  let s = t.sectors.get(row.sector);
  if (!s) {
    s = {
      companies: 0,
      withChange: 0,
      changeSum: 0,
      advancers: 0,
      decliners: 0,
      valueTraded: 0,
      simulated: 0,
    };
    t.sectors.set(row.sector, s);
  }
  s.companies += sign;
  if (row.changePercent !== null) {
    s.withChange += sign;
    s.changeSum += sign * row.changePercent;
    if (row.changePercent > 0) s.advancers += sign;
    if (row.changePercent < 0) s.decliners += sign;
  }
  s.valueTraded += sign * (row.valueTraded ?? 0);
  if (row.freshness === "simulated" || row.volumeSimulated) s.simulated += sign;
  if (s.companies === 0) t.sectors.delete(row.sector);
}

/** The sum of several markets' totals (the GCC's: summed once per read, not kept per row). */
export function mergeTotals(parts: Totals[]): Totals {
  const t = emptyTotals();
  for (const p of parts) {
    t.companies += p.companies;
    t.advancers += p.advancers;
    t.decliners += p.decliners;
    t.unchanged += p.unchanged;
    t.noChange += p.noChange;
    t.volume += p.volume;
    t.valueTraded += p.valueTraded;
    t.newHighs += p.newHighs;
    t.newLows += p.newLows;
    for (const [k, n] of Object.entries(p.freshness) as [Freshness, number][]) {
      t.freshness[k] = (t.freshness[k] ?? 0) + n;
    }
    t.simulatedPrices += p.simulatedPrices;
    t.simulatedTraded += p.simulatedTraded;
    t.simulatedRange += p.simulatedRange;
    for (const [sector, s] of p.sectors) {
      const into = t.sectors.get(sector);
      if (!into) t.sectors.set(sector, { ...s });
      else for (const k of Object.keys(s) as (keyof SectorTotals)[]) into[k] += s[k];
    }
  }
  return t;
}

export const moverOf = (r: OverviewRow): Mover => ({
  symbol: r.symbol,
  name: r.name,
  nameAr: r.nameAr,
  price: r.price,
  changePercent: r.changePercent,
  volume: r.volume,
  valueTraded: r.valueTraded,
  freshness: r.freshness,
  volumeSimulated: r.volumeSimulated,
});

interface Ranked {
  row: OverviewRow;
  value: number;
}

/** Whether a row with `value` ranks before `other`: the larger figure first, ties by symbol. */
const ranksBefore = (value: number, row: OverviewRow, other: Ranked) =>
  value > other.value || (value === other.value && row.symbol.localeCompare(other.row.symbol) < 0);

/**
 * The first TOP rows by `key` (descending), rows without the figure left out; ties by symbol. One
 * pass keeping the best TOP in order, not a sort of the market: every row of a market changes on
 * a tick, so its lists are chosen again on every tick.
 */
function top(rows: OverviewRow[], key: (r: OverviewRow) => number | null): Mover[] {
  const best: Ranked[] = [];
  for (const row of rows) {
    const value = key(row);
    if (value === null) continue;
    if (best.length === TOP && !ranksBefore(value, row, best[TOP - 1]!)) continue;
    let i = best.length === TOP ? TOP - 1 : best.length;
    while (i > 0 && ranksBefore(value, row, best[i - 1]!)) {
      best[i] = best[i - 1]!;
      i--;
    }
    best[i] = { row, value };
  }
  return best.map((r) => moverOf(r.row));
}

/** Top lists, read from a market's rows: computed again only after a tick changed one of them. */
export function topLists(rows: OverviewRow[]) {
  const change = (r: OverviewRow) => r.changePercent;
  return {
    gainers: top(rows, (r) => (change(r) !== null && (change(r) as number) > 0 ? change(r) : null)),
    losers: top(rows, (r) =>
      change(r) !== null && (change(r) as number) < 0 ? -(change(r) as number) : null,
    ),
    activeByValue: top(rows, (r) => r.valueTraded),
    activeByVolume: top(rows, (r) => r.volume),
  };
}

function sectorList(t: Totals): SectorPerformance[] {
  return [...t.sectors.entries()]
    .map(([sector, s]) => ({
      sector,
      companies: s.companies,
      changePercent: s.withChange > 0 ? s.changeSum / s.withChange : null,
      advancers: s.advancers,
      decliners: s.decliners,
      valueTraded: s.valueTraded,
      simulated: s.simulated > 0,
    }))
    .sort(
      (a, b) =>
        (b.changePercent ?? -Infinity) - (a.changePercent ?? -Infinity) || a.sector.localeCompare(b.sector),
    );
}

export function summaryOf(
  market: OverviewMarket | "GCC",
  t: Totals,
  tops: ReturnType<typeof topLists>,
): MarketSummary {
  return {
    market,
    companies: t.companies,
    advancers: t.advancers,
    decliners: t.decliners,
    unchanged: t.unchanged,
    noChange: t.noChange,
    volume: t.volume,
    valueTraded: t.valueTraded,
    newHighs: t.newHighs,
    newLows: t.newLows,
    ...tops,
    sectors: sectorList(t),
    freshness: Object.fromEntries(Object.entries(t.freshness).filter(([, n]) => n > 0)),
    simulated: {
      prices: t.simulatedPrices > 0,
      traded: t.simulatedTraded > 0,
      range52w: t.simulatedRange > 0,
    },
  };
}
