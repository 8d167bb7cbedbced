/**
 * npm run bench:overview — the market overview's aggregates per tick, kept incrementally.
 *
 * Builds one overview row per instrument (the shipped listings, repeated with suffixed symbols up
 * to INSTRUMENTS, default 1,200), then runs TICKS ticks in which every instrument's price moves
 * (as the simulator's tick does), two ways in the same run:
 * - incremental (what the overview service does): each new row goes into the model, which takes
 *   the row's old figures out of its market's totals and puts the new ones in; then every market's
 *   and the GCC's summary is read once (top lists sorted again only where a row changed);
 * - full recompute (the baseline): the same rows into a new model, every total and top list
 *   computed again from all rows, as a per-request recompute would.
 * The rows of a tick are built before the clock starts (their cost is printed beside). Prints mean,
 * p50 and p95 per tick of each, checks the two give the same summaries, and the target: ≤ 1 ms
 * per tick for 1,200 instruments, incrementally.
 *
 *   INSTRUMENTS=1200  TICKS=300
 */
import { OVERVIEW_TABS, type OverviewRow } from "#common/market-overview";
import type { Quote } from "#server/market/types";
import type { Listing } from "#server/market/universe";
import { shippedListingsText } from "#server/market/universe";
import { createOverviewModel } from "#server/overview/model";
import { buildRow } from "#server/overview/row";

const INSTRUMENTS = Number(process.env.INSTRUMENTS ?? 1200);
const TICKS = Number(process.env.TICKS ?? 300);
const WARMUP = 30;

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

interface Instrument {
  listing: Listing;
  previousClose: number;
  price: number;
  volume: number;
}

function instruments(): Instrument[] {
  const listings = (JSON.parse(shippedListingsText()) as { listings: Listing[] }).listings;
  const out: Instrument[] = [];
  for (let i = 0; out.length < INSTRUMENTS; i++) {
    const l = listings[i % listings.length]!;
    const copy = Math.floor(i / listings.length);
    const previousClose = 5 + random() * 100;
    out.push({
      listing: copy ? { ...l, symbol: `${l.symbol}.${copy}` } : l,
      previousClose,
      price: previousClose,
      volume: 0,
    });
  }
  return out;
}

/** One tick of an instrument: a small random move and some shares traded. */
function move(i: Instrument): OverviewRow {
  i.price *= 1 + (random() - 0.5) * 0.004;
  i.volume += Math.round(random() * 10_000);
  const quote = {
    symbol: i.listing.symbol,
    name: i.listing.name,
    price: i.price,
    previousClose: i.previousClose,
    change: i.price - i.previousClose,
    changePercent: ((i.price - i.previousClose) / i.previousClose) * 100,
    isPositive: i.price >= i.previousClose,
    category: "gulfStocks",
    lastUpdate: "2026-11-26T10:00:00.000Z",
    dayHigh: Math.max(i.price, i.previousClose),
    dayLow: Math.min(i.price, i.previousClose),
    marketOpen: true,
    source: "simulator",
    freshness: "simulated",
  } as Quote;
  const range = { high: i.previousClose * 1.2, low: i.previousClose * 0.8, simulated: true };
  return buildRow(i.listing, quote, range, { volume: i.volume, simulated: true });
}

const summaries = (model: ReturnType<typeof createOverviewModel>) =>
  OVERVIEW_TABS.map((tab) => model.summary(tab));

/** TICKS timed ticks (after a warm-up) of `aggregate` over each tick's new rows, built untimed. */
function run(label: string, aggregate: (rows: OverviewRow[]) => unknown) {
  seed = 7;
  const list = instruments();
  const times: number[] = [];
  let build = 0;
  let last: unknown;
  for (let n = 0; n < WARMUP + TICKS; n++) {
    const built = performance.now();
    const rows = list.map(move);
    const start = performance.now();
    last = aggregate(rows);
    if (n >= WARMUP) {
      times.push(performance.now() - start);
      build += start - built;
    }
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${label.padEnd(44)}${mean.toFixed(3).padStart(9)}${pct(times, 50).toFixed(3).padStart(9)}${pct(times, 95).toFixed(3).padStart(9)}${(build / TICKS).toFixed(3).padStart(12)}`,
  );
  return { p95: pct(times, 95), mean, last };
}

/** Equal but for the last bits of sums: a running total adds and takes out the same amounts. */
const close = (a: unknown, b: unknown): boolean =>
  typeof a === "number" && typeof b === "number"
    ? Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b))
    : a && b && typeof a === "object" && typeof b === "object"
      ? Object.keys(a).length === Object.keys(b).length &&
        Object.keys(a).every((k) => close((a as never)[k], (b as never)[k]))
      : a === b;

function main() {
  console.log(`overview aggregates per tick: ${INSTRUMENTS} instruments, every price moving, ${TICKS} ticks`);
  console.log(
    `${"ms per tick (aggregates)".padEnd(44)}${"mean".padStart(9)}${"p50".padStart(9)}${"p95".padStart(9)}${"rows built".padStart(12)}`,
  );
  const live = createOverviewModel();
  const incremental = run("incremental (the overview model)", (rows) => {
    for (const row of rows) live.put(row);
    return summaries(live);
  });
  const full = run("full recompute (baseline)", (rows) => {
    const fresh = createOverviewModel();
    for (const row of rows) fresh.put(row);
    return summaries(fresh);
  });
  const same = close(incremental.last, full.last);
  console.log(
    `\nincremental / full recompute: ${(incremental.mean / full.mean).toFixed(2)}× the time per tick`,
  );
  const checks = [
    ["both ways give the same summaries", same],
    [`incremental ≤ 1 ms per tick at p95 for ${INSTRUMENTS} instruments`, incremental.p95 <= 1],
  ] as const;
  for (const [label, ok] of checks) console.log(`${ok ? "✓" : "✗"} ${label}`);
}

main();
