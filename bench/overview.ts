/**
 * npm run bench:overview — the market overview's aggregates per tick, kept incrementally.
 *
 * Builds one overview row per instrument (the shipped listings, repeated with suffixed symbols up
 * to INSTRUMENTS, default 1,200), then runs TICKS ticks in which every instrument's price moves
 * (as the simulator's tick does), two ways in the same run:
 * - incremental (what the overview service does): the tick puts each new row into the model,
 *   which takes the row's old figures out of its market's totals and puts the new ones in; the
 *   first read after it (every market's and the GCC's summary) sorts the top lists of the markets
 *   that changed, once, for every request until the next tick;
 * - full recompute (the baseline): the same rows into a new model and every total and top list
 *   computed again from all rows, as a per-request recompute would.
 * The rows of a tick are built before the clock starts (their cost is printed beside). Prints p50
 * and p95 of the tick and of the first read, checks the two ways give the same summaries, and the
 * target: a tick ≤ 1 ms for 1,200 instruments.
 *
 *   INSTRUMENTS=1200  TICKS=300
 */
import { OVERVIEW_TABS, type OverviewRow } from "#common/market-overview";
import type { Quote } from "#server/market/types";
import type { Listing } from "#server/market/universe";
import { shippedListingsText } from "#server/market/universe";
import { createOverviewModel } from "#server/overview/model";
import { buildRow } from "#server/overview/row";
import { percentileOf, seededRandom } from "./support";

const INSTRUMENTS = Number(process.env.INSTRUMENTS ?? 1200);
const TICKS = Number(process.env.TICKS ?? 300);
const WARMUP = 30;

let random = seededRandom(7);
const pct = percentileOf;

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

/**
 * TICKS timed ticks (after a warm-up): `tick` takes each tick's new rows (built untimed), then
 * `read` reads every tab's summary once, as the first /markets request after a tick does.
 */
function run(label: string, tick: (rows: OverviewRow[]) => void, read: () => unknown) {
  random = seededRandom(7);
  const list = instruments();
  const ticks: number[] = [];
  const reads: number[] = [];
  let build = 0;
  let last: unknown;
  for (let n = 0; n < WARMUP + TICKS; n++) {
    const built = performance.now();
    const rows = list.map(move);
    const start = performance.now();
    tick(rows);
    const ticked = performance.now();
    last = read();
    if (n >= WARMUP) {
      ticks.push(ticked - start);
      reads.push(performance.now() - ticked);
      build += start - built;
    }
  }
  const cells = [pct(ticks, 50), pct(ticks, 95), pct(reads, 50), pct(reads, 95), build / TICKS];
  console.log(`${label.padEnd(36)}${cells.map((c) => c.toFixed(3).padStart(11)).join("")}`);
  return { tickP95: pct(ticks, 95), total: pct(ticks, 50) + pct(reads, 50), last };
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
    `${"ms".padEnd(36)}${["tick p50", "tick p95", "read p50", "read p95", "rows built"].map((h) => h.padStart(11)).join("")}`,
  );
  const live = createOverviewModel();
  const incremental = run(
    "incremental (the overview model)",
    (rows) => {
      for (const row of rows) live.put(row);
    },
    () => summaries(live),
  );
  let fresh = createOverviewModel();
  const full = run(
    "full recompute (baseline)",
    (rows) => {
      fresh = createOverviewModel();
      for (const row of rows) fresh.put(row);
    },
    () => summaries(fresh),
  );
  const same = close(incremental.last, full.last);
  console.log(
    `\na tick (running totals) p95: ${incremental.tickP95.toFixed(3)} ms; tick and first read p50: incremental ${incremental.total.toFixed(3)} ms, full recompute ${full.total.toFixed(3)} ms (${(full.total / incremental.total).toFixed(2)}×)`,
  );
  const checks = [
    ["both ways give the same summaries", same],
    [`a tick ≤ 1 ms at p95 for ${INSTRUMENTS} instruments`, incremental.tickP95 <= 1],
  ] as const;
  for (const [label, ok] of checks) console.log(`${ok ? "✓" : "✗"} ${label}`);
}

main();
