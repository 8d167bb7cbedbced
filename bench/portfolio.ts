/**
 * npm run bench:portfolio — the portfolio engine on a large portfolio.
 *
 * Generates ACTIVITIES activities (default 2,000: deposits, buys, sells never beyond the shares
 * held, dividends with withholding, bonus issues, splits, fees) over 8 years in 40 instruments and
 * 3 currencies (SAR, AED, KWD), with seeded synthetic daily closes and a daily KWD rate table,
 * valued in SAR. Measures in the same run:
 *   (a) a full snapshot (holdings, P&L, the daily series, TWR/XIRR over every period incl. Max);
 *   (b) a naive baseline recomputing the holdings from the first activity for every day
 *       (O(days × activities)) — the figure the snapshot is compared with;
 *   (c) the incremental ledger: a new activity at a recent date, and a new tick;
 *   (d) event-loop responsiveness: an in-process node:http server's /healthz while 20 snapshots
 *       compute at once through the chunked path (and, for contrast, through the plain one).
 *
 *   ACTIVITIES=2000  RUNS=40
 */
import { once } from "node:events";
import { Agent, createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { computeSnapshotChunked } from "#server/portfolio/engine/chunked";
import { createContext } from "#server/portfolio/engine/context";
import { addDays } from "#server/portfolio/engine/dates";
import { createLedger } from "#server/portfolio/engine/ledger";
import { applyActivity } from "#server/portfolio/engine/positions";
import { computeSnapshot } from "#server/portfolio/engine/snapshot";
import { emptyState } from "#server/portfolio/engine/state";
import { act, closesFrom, engineInput, facts } from "#server/portfolio/engine/testing";
import type { Activity, EngineInput, LiveQuote } from "#server/portfolio/engine/types";
import { portfolioValue } from "#server/portfolio/engine/valuation";
import { percentileOf, seededRandom } from "./support";

const ACTIVITIES = Number(process.env.ACTIVITIES ?? 2000);
const RUNS = Number(process.env.RUNS ?? 40);
const TODAY = "2026-06-30";
const START = "2018-07-01";
const DAYS = 8 * 365 + 2;

const random = seededRandom(42);
const pct = percentileOf;
const f = (v: number) => v.toFixed(2);

const CURRENCIES = [
  { currency: "SAR", exchange: "TADAWUL", count: 20, price: 40 },
  { currency: "AED", exchange: "DFM", count: 12, price: 6 },
  { currency: "KWD", exchange: "BOURSA_KUWAIT", count: 8, price: 0.6 },
];
const instruments = CURRENCIES.flatMap((c) =>
  Array.from({ length: c.count }, (_, i) => ({ symbol: `${c.currency}${i}`, ...c })),
);

/** A seeded random walk of daily closes for every instrument. */
function closesTable() {
  const table: Record<string, Array<[string, number]>> = {};
  for (const inst of instruments) {
    let p = inst.price;
    table[inst.symbol] = Array.from({ length: DAYS }, (_, d) => {
      p *= 1 + (random() - 0.499) * 0.03;
      return [addDays(START, d), p] as [string, number];
    });
  }
  return table;
}

function kwdTable() {
  return Array.from({ length: DAYS }, (_, d) => ({
    date: addDays(START, d),
    perUsd: 0.3 + 0.01 * Math.sin(d / 90),
  }));
}

type Closes = Record<string, Array<[string, number]>>;

/** One activity on day `d`; sales stay within the shares held. */
function nextActivity(d: number, held: Map<string, number>, closes: Closes, sequence: number): Activity {
  const inst = instruments[Math.floor(random() * instruments.length)]!;
  const date = addDays(START, d);
  const price = closes[inst.symbol]![d]![1];
  const base = { date, sequence, id: `b${sequence}`, symbol: inst.symbol, currency: inst.currency };
  const r = random();
  const q = held.get(inst.symbol) ?? 0;
  if (r < 0.05) return act({ ...base, type: "deposit", symbol: null, currency: "SAR", amount: 20_000 });
  if (r < 0.3 && q > 0) {
    const quantity = Math.max(1, Math.floor(q * random()));
    held.set(inst.symbol, q - quantity);
    return act({
      ...base,
      type: "sell",
      quantity,
      unitPrice: price,
      commission: price * quantity * 0.0015,
      vat: 0,
    });
  }
  if (r < 0.38 && q > 0)
    return act({ ...base, type: "dividend", amount: q * price * 0.02, withholding: q * price * 0.001 });
  if (r < 0.39 && q > 0) {
    held.set(inst.symbol, q + Math.floor(q / 10));
    return act({ ...base, type: "bonus", quantity: Math.floor(q / 10) || 1 });
  }
  if (r < 0.395) return act({ ...base, type: "fee", symbol: null, currency: "SAR", amount: 25 });
  const quantity = 10 + Math.floor(random() * 200);
  held.set(inst.symbol, q + quantity);
  const commission = price * quantity * 0.0015;
  return act({ ...base, type: "buy", quantity, unitPrice: price, commission, vat: commission * 0.15 });
}

function portfolio(): EngineInput {
  const closes = closesTable();
  const held = new Map<string, number>();
  const days = Array.from({ length: ACTIVITIES }, () => Math.floor(random() * (DAYS - 1))).sort(
    (a, b) => a - b,
  );
  const activities = days.map((d, i) => nextActivity(d, held, closes, i + 1));
  const quotes = new Map<string, LiveQuote>(
    instruments.map((inst) => {
      const last = closes[inst.symbol]!.at(-1)![1];
      return [
        inst.symbol,
        {
          symbol: inst.symbol,
          price: last * 1.01,
          previousClose: last,
          asOf: `${TODAY}T10:00:00Z`,
          simulated: false,
          source: "bench",
        },
      ];
    }),
  );
  return engineInput({
    today: TODAY,
    now: new Date(`${TODAY}T10:00:00Z`),
    instruments: new Map(instruments.map((i) => facts(i.symbol, i.currency, i.exchange, "Sector"))),
    closes: closesFrom(closes),
    floating: { KWD: kwdTable() },
    activities,
    quotes,
  });
}

/** The naive way: for every day, replay every activity from the first one, then value the day. */
function naiveSeries(input: EngineInput): Float64Array {
  const ctx = createContext(input);
  const all = ctx.byDay.flatMap((acts, i) => acts.map((a) => ({ a, i })));
  const values = new Float64Array(ctx.last + 1);
  for (let day = 0; day <= ctx.last; day++) {
    const state = emptyState();
    for (const { a, i } of all) {
      if (i > day) break;
      applyActivity(state, ctx, a, i);
    }
    values[day] = portfolioValue(state, ctx, day);
  }
  return values;
}

function time<T>(fn: () => T): [number, T] {
  const t = performance.now();
  const r = fn();
  return [performance.now() - t, r];
}

/** Wall time per run, and CPU time per run (the machine may be shared: CPU time is what the work costs). */
function fullSnapshot(input: EngineInput) {
  const runs: number[] = [];
  let snap = computeSnapshot(input);
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const [ms, s] = time(() => computeSnapshot(input));
    runs.push(ms);
    snap = s;
  }
  const used = process.cpuUsage(cpu);
  return { runs, snap, cpuMs: (used.user + used.system) / 1000 / RUNS };
}

function naive(input: EngineInput, expected: number) {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const [ms, values] = time(() => naiveSeries(input));
    runs.push(ms);
    if (Math.abs(values.at(-1)! - expected) > 1e-6 * Math.abs(expected))
      throw new Error("naive value differs");
  }
  return runs;
}

function incremental(input: EngineInput) {
  const ledger = createLedger(input);
  ledger.snapshot();
  const add: number[] = [];
  const tick: number[] = [];
  const tickSnap: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const symbol = instruments[i % instruments.length]!;
    const a = act({
      type: "buy",
      date: addDays(TODAY, -(i % 10)),
      symbol: symbol.symbol,
      currency: symbol.currency,
      quantity: 5,
      unitPrice: symbol.price,
      sequence: 100_000 + i,
      id: `n${i}`,
    });
    add.push(
      time(() => {
        ledger.addActivity(a);
        return ledger.snapshot();
      })[0],
    );
    const q: LiveQuote = {
      symbol: symbol.symbol,
      price: symbol.price * (1 + i / 1000),
      previousClose: symbol.price,
      asOf: `${TODAY}T11:00:00Z`,
      simulated: false,
      source: "bench",
    };
    tick.push(time(() => ledger.applyQuote(q))[0]);
    tickSnap.push(time(() => ledger.snapshot())[0]);
  }
  return { add, tick, tickSnap };
}

/** /healthz latencies while `work` runs; requests go back to back on a keep-alive connection. */
async function healthzDuring(work: () => Promise<unknown>): Promise<number[] & { loopP99?: number }> {
  const server = createServer((req, res) => res.end(req.url === "/healthz" ? "ok" : ""));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ask = () =>
    new Promise<void>((resolve, reject) => {
      get(url, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject);
    });
  const latencies: number[] = [];
  let done = false;
  // The client runs on the same event loop as the work: a request waits for whatever chunk runs.
  const client = (async () => {
    while (!done) {
      const t = performance.now();
      await ask();
      latencies.push(performance.now() - t);
    }
  })();
  await new Promise((r) => setTimeout(r, 100));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  await work();
  loop.disable();
  done = true;
  await client;
  agent.destroy();
  server.close();
  return Object.assign(latencies, { loopP99: loop.percentile(99) / 1e6 });
}

async function main() {
  const input = portfolio();
  const { runs, snap, cpuMs } = fullSnapshot(input);
  const naiveRuns = naive(input, snap.totals.value);
  const inc = incremental(input);
  const idle = await healthzDuring(() => new Promise((r) => setTimeout(r, 500)));
  const chunked = await healthzDuring(() =>
    Promise.all(Array.from({ length: 20 }, () => computeSnapshotChunked(input))),
  );
  const blocking = await healthzDuring(async () => {
    for (let i = 0; i < 20; i++) computeSnapshot(input);
  });
  const held = snap.holdings.length;
  const max = (xs: number[]) => f(Math.max(...xs));
  console.log(
    `portfolio: ${input.activities.length} activities, ${instruments.length} instruments (SAR, AED, KWD), ${snap.series.length} days, ${held} holdings open, base SAR`,
  );
  console.log(
    `MAX TWR ${f(snap.performance.MAX.twr! * 100)} %  XIRR ${f(snap.performance.MAX.mwr! * 100)} %  value ${f(snap.totals.value)} SAR`,
  );
  console.log(
    `(a) full snapshot           p50 ${f(pct(runs, 50))} ms  p95 ${f(pct(runs, 95))} ms  (target ≤ 50 ms; CPU ${f(cpuMs)} ms a run)`,
  );
  console.log(
    `(b) naive per-day replay    p50 ${f(pct(naiveRuns, 50))} ms  (${(pct(naiveRuns, 50) / pct(runs, 50)).toFixed(0)}× the snapshot)`,
  );
  console.log(`(c) ledger addActivity+snap p50 ${f(pct(inc.add, 50))} ms  p95 ${f(pct(inc.add, 95))} ms`);
  console.log(`    ledger applyQuote       p50 ${f(pct(inc.tick, 50))} ms  p95 ${f(pct(inc.tick, 95))} ms`);
  console.log(
    `    ledger snapshot (tick)  p50 ${f(pct(inc.tickSnap, 50))} ms  p95 ${f(pct(inc.tickSnap, 95))} ms`,
  );
  console.log(
    `(d) /healthz idle           p50 ${f(pct(idle, 50))} ms  p99 ${f(pct(idle, 99))} ms  max ${max(idle)} ms  (${idle.length} requests; event-loop delay p99 ${f(idle.loopP99!)} ms)`,
  );
  console.log(
    `    20 chunked snapshots    p50 ${f(pct(chunked, 50))} ms  p99 ${f(pct(chunked, 99))} ms  max ${max(chunked)} ms  (${chunked.length} requests; target p99 ≤ 20 ms; event-loop delay p99 ${f(chunked.loopP99!)} ms)`,
  );
  console.log(
    `    20 plain snapshots      p50 ${f(pct(blocking, 50))} ms  p99 ${f(pct(blocking, 99))} ms  max ${max(blocking)} ms  (${blocking.length} requests, blocked; event-loop delay p99 ${f(blocking.loopP99!)} ms)`,
  );
}

await main();
