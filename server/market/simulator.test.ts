import { describe, expect, it } from "vitest";
import { CATALOGUE, listingEntries } from "./catalogue";
import { EXCHANGES, isOpen } from "./exchanges";
import type { ProviderQuote } from "./provider";
import { BAND, createSimulator } from "./simulator";
import type { Listing } from "./universe";

const at = (iso: string) => Date.parse(iso);
const entry = (symbol: string) => CATALOGUE.find((e) => e.symbol === symbol)!;
/** Starts a simulator from given quotes (no history needed) as of `now`. */
async function startAt(seed: number, now: number, quotes?: ProviderQuote[]) {
  const sim = createSimulator({ seed, entries: CATALOGUE });
  const stored =
    quotes ??
    CATALOGUE.map((e) => ({
      symbol: e.symbol,
      price: e.base,
      previousClose: e.base,
      dayHigh: e.base,
      dayLow: e.base,
      time: now,
    }));
  await sim.start(stored, now);
  return sim;
}

async function run(seed: number, from: number, ticks: number, everyMs: number) {
  const sim = await startAt(seed, from);
  const series: Record<string, number[]> = {};
  for (let i = 1; i <= ticks; i++) {
    for (const q of await sim.poll(from + i * everyMs)) {
      series[q.symbol] ??= [];
      series[q.symbol]!.push(q.price);
    }
  }
  return { sim, series };
}

describe("market simulator", () => {
  it("gives the same series for the same seed and a different one for another seed", async () => {
    const from = at("2026-11-22T07:30:00Z");
    const a = await run(42, from, 200, 15_000);
    const b = await run(42, from, 200, 15_000);
    const c = await run(43, from, 200, 15_000);
    expect(a.series.TASI).toHaveLength(200);
    expect(b.series).toEqual(a.series);
    expect(c.series.TASI).not.toEqual(a.series.TASI);
    expect(c.series.BTC).not.toEqual(a.series.BTC);
  });

  it("continues the same series after a restart from the stored quotes", async () => {
    const from = at("2026-11-22T07:30:00Z");
    const whole = await run(7, from, 40, 15_000);
    const first = await run(7, from, 20, 15_000);
    const stored = CATALOGUE.map((e) => ({ symbol: e.symbol, ...first.sim.state(e.symbol)! }));
    const resumed = await startAt(7, from + 20 * 15_000, stored);
    const rest: number[] = [];
    for (let i = 21; i <= 40; i++) {
      for (const q of await resumed.poll(from + i * 15_000)) if (q.symbol === "TASI") rest.push(q.price);
    }
    expect(rest).toEqual(whole.series.TASI!.slice(20));
  });

  it("does not move a closed market, while open ones move", async () => {
    // Saturday: Gulf exchanges, FX, commodities and US indices are all closed; crypto trades.
    const from = at("2026-11-21T09:00:00Z");
    const { sim, series } = await run(1, from, 100, 15_000);
    expect(Object.keys(series).sort()).toEqual(["BNB", "BTC", "ETH", "SOL", "XRP"]);
    for (const symbol of ["TASI", "DFMGI", "USD/AED", "EUR/USD", "BRENT", "SPX"]) {
      expect(sim.state(symbol)).toMatchObject({ price: entry(symbol).base, time: from });
    }
    expect(new Set(series.BTC).size).toBeGreaterThan(90);
  });

  it("moves each instrument only while its own exchange is open", async () => {
    // Sunday 11:00-13:00 UTC: Tadawul (closes 12:00 UTC) stops moving at its close.
    const from = at("2026-11-22T11:00:00Z");
    const sim = await startAt(3, from);
    const moves: number[] = [];
    for (let t = from + 15_000; t < from + 2 * 3_600_000; t += 15_000) {
      if ((await sim.poll(t)).some((q) => q.symbol === "TASI")) moves.push(t);
    }
    expect(moves.length).toBeGreaterThan(200);
    expect(moves.every((t) => isOpen(EXCHANGES.TADAWUL!, t))).toBe(true);
    expect(Math.max(...moves)).toBeLessThan(at("2026-11-22T12:00:00Z"));
  });

  it("holds pegged currencies in their band, moving only the last decimals", async () => {
    const from = at("2026-11-23T00:00:00Z"); // Monday, FX open all day
    const { series } = await run(5, from, 5_000, 15_000);
    for (const symbol of ["USD/AED", "USD/SAR", "USD/QAR", "USD/BHD", "USD/OMR", "USD/JOD"]) {
      const { peg } = entry(symbol);
      const prices = series[symbol]!;
      expect(prices.length).toBe(5_000);
      expect(Math.min(...prices)).toBeGreaterThanOrEqual(peg!.low);
      expect(Math.max(...prices)).toBeLessThanOrEqual(peg!.high);
      expect(new Set(prices.map((p) => p.toFixed(4))).size).toBeGreaterThan(1);
    }
    expect(series["USD/AED"]!.every((p) => p.toFixed(3) === "3.672" || p.toFixed(3) === "3.673")).toBe(true);
  });

  it("keeps every other price within ±2% of the previous close, across sessions", async () => {
    const from = at("2026-11-22T00:00:00Z");
    const sim = await startAt(9, from);
    let checked = 0;
    let widest = 0;
    let dayRangeBroken = 0;
    for (let t = from + 60_000; t < from + 4 * 86_400_000; t += 60_000) {
      for (const q of await sim.poll(t)) {
        if (entry(q.symbol).peg) continue;
        widest = Math.max(widest, Math.abs(q.price / q.previousClose - 1));
        if (q.dayHigh < q.price || q.dayLow > q.price) dayRangeBroken++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50_000);
    expect(widest).toBeLessThanOrEqual(BAND);
    expect(widest).toBeGreaterThan(0.005);
    expect(dayRangeBroken).toBe(0);
    // Sessions roll: Monday's previous close is Sunday's last TASI price.
    expect(sim.state("TASI")!.session).toBe("2026-11-25");
  });

  it("backfills a year of daily bars and a week of minute bars on a first start", async () => {
    const now = at("2026-11-22T08:30:00Z");
    const sim = createSimulator({ seed: 11, entries: CATALOGUE });
    const { quotes, bars } = await sim.start([], now);
    expect(quotes).toHaveLength(CATALOGUE.length);
    const tasiDaily = bars.filter((b) => b.symbol === "TASI" && b.interval === "1d");
    expect(tasiDaily.length).toBeGreaterThan(230);
    expect(tasiDaily.length).toBeLessThan(260);
    // One bar per session date, Sunday to Thursday only.
    expect(new Set(tasiDaily.map((b) => b.ts)).size).toBe(tasiDaily.length);
    expect(tasiDaily.every((b) => [0, 1, 2, 3, 4].includes(new Date(b.ts).getUTCDay()))).toBe(true);
    const tasiMinutes = bars.filter((b) => b.symbol === "TASI" && b.interval === "1m");
    expect(tasiMinutes.length).toBeGreaterThan(5 * 290);
    expect(tasiMinutes.every((b) => isOpen(EXCHANGES.TADAWUL!, b.ts))).toBe(true);
    expect(
      tasiMinutes.every((b) => b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)),
    ).toBe(true);
    const btcMinutes = bars.filter((b) => b.symbol === "BTC" && b.interval === "1m");
    expect(btcMinutes.length).toBeGreaterThan(7 * 1440);
    // The last minute bar ends where the live quote stands.
    expect(btcMinutes.at(-1)!.close).toBe(quotes.find((q) => q.symbol === "BTC")!.price);
  });

  it("gives a listed company its exchange's latest session in minute bars, the last trading day's on a weekend", async () => {
    const listed = listingEntries([
      {
        symbol: "4321",
        name: "A listed company",
        exchange: "TADAWUL",
        currency: "SAR",
        sector: "Materials",
        tickers: {},
      } as unknown as Listing,
    ]);
    const sim = createSimulator({ seed: 5, entries: listed });
    // Saturday: Tadawul last traded on Thursday the 26th.
    const { bars } = await sim.start([], at("2026-11-28T10:00:00Z"));
    const minutes = bars.filter((b) => b.interval === "1m");
    expect(minutes.length).toBeGreaterThan(250);
    expect(new Set(minutes.map((b) => new Date(b.ts).toISOString().slice(0, 10)))).toEqual(
      new Set(["2026-11-26"]),
    );
    // On a trading day, that day's session so far only.
    const monday = await createSimulator({ seed: 5, entries: listed }).start([], at("2026-11-30T09:00:00Z"));
    const today = monday.bars.filter((b) => b.interval === "1m");
    expect(today.length).toBeGreaterThan(100);
    expect(today.every((b) => new Date(b.ts).toISOString().startsWith("2026-11-30"))).toBe(true);
  });

  it("fills only the gap after a downtime, and nothing after a quick restart", async () => {
    const now = at("2026-11-22T08:30:00Z");
    const first = createSimulator({ seed: 11, entries: CATALOGUE });
    const { quotes } = await first.start([], now - 3_600_000);
    const later = createSimulator({ seed: 11, entries: CATALOGUE });
    const { bars } = await later.start(quotes, now);
    const minutes = bars.filter((b) => b.interval === "1m" && b.symbol === "BTC");
    expect(minutes).toHaveLength(60);
    const stoppedAt = quotes.find((q) => q.symbol === "BTC")!.time;
    expect(minutes[0]!.ts).toBe(stoppedAt + 60_000);
    const again = createSimulator({ seed: 11, entries: CATALOGUE });
    expect((await again.start(quotes, quotes[0]!.time + 30_000)).bars).toEqual([]);
  });
});
