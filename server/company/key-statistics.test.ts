/**
 * Key statistics from stored daily history, on a real database: the 52-week range, the price's
 * position in it, the 30-session average volume and the day's figures, against values computed by
 * hand from the bars inserted here; simulated bars never counted beside real ones; the figures
 * computed once per session; the API's shape and its 404.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSTRUMENT_NOT_FOUND } from "#common/key-statistics";
import { marketBars } from "../db/schema";
import type { Services } from "../services";
import { startTestHttpApp, type TestHttpApp } from "../testing/http-app";
import { createTestServices } from "../testing/test-services";

// Friday 20 November 2026, noon in Riyadh: Tadawul is shut (it trades Sunday to Thursday).
let now = Date.parse("2026-11-20T09:00:00Z");
let s: Services;
let app: TestHttpApp;

const day = (date: string, offset: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const FIRST = "2026-10-11"; // bar 0; bar 39 is 2026-11-19

type Row = typeof marketBars.$inferInsert;
const bar = (symbol: string, date: string, o: Partial<Row>): Row => ({
  symbol,
  interval: "1d",
  ts: new Date(`${date}T00:00:00Z`),
  open: 10,
  high: 10,
  low: 10,
  close: 10,
  real: true,
  ...o,
});

/** 40 real sessions: high 40 + i mod 5, low 30 − i mod 3, close 35 + i/20, volume 1,000 × (i + 1). */
function realSessions(symbol: string): Row[] {
  return Array.from({ length: 40 }, (_, i) =>
    bar(symbol, day(FIRST, i), {
      open: 34 + i / 10,
      high: i === 20 ? 50 : 40 + (i % 5),
      low: 30 - (i % 3),
      close: 35 + i / 20,
      volume: 1000 * (i + 1),
      source: "yahoo",
    }),
  );
}

beforeAll(async () => {
  s = await createTestServices({}, { market: { clock: () => now } });
  await s.db.delete(marketBars).where(inArray(marketBars.symbol, ["2222", "1120"]));
  await s.db.insert(marketBars).values([
    ...realSessions("2222"),
    // Inside 52 weeks of the latest session (from 2025-11-20): its low counts; no volume.
    bar("2222", "2026-01-05", { open: 25, high: 26, low: 20, close: 24, source: "yahoo" }),
    // Older than 52 weeks: never counted.
    bar("2222", "2025-11-19", { open: 60, high: 99, low: 5, close: 60, volume: 9e9, source: "yahoo" }),
    // Simulated bars, one even after the latest real one: never counted beside real bars.
    bar("2222", "2026-10-05", { high: 500, low: 1, real: false, volume: 9e9 }),
    bar("2222", "2026-11-20", { open: 300, high: 500, low: 1, close: 400, real: false, volume: 9e9 }),
    // Al Rajhi has simulated bars only.
    bar("1120", "2026-11-18", { open: 80, high: 84, low: 79, close: 82, real: false }),
    bar("1120", "2026-11-19", { open: 82, high: 86, low: 81, close: 85, real: false }),
  ]);
  app = await startTestHttpApp(s);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await s?.close();
});

describe("key statistics from stored daily history", () => {
  it("computes the 52-week range, the price's position and the 30-session average volume from real bars only", async () => {
    const stats = (await s.company.keyStatistics("2222"))!.statistics;
    const close39 = 35 + 39 / 20; // 36.95
    expect(stats.range52Week).toMatchObject({
      // Highest high (bar 20) and lowest low (5 January) within 52 weeks; the older bar and the
      // simulated ones (500 / 1) are left out.
      value: { low: 20, high: 50, price: close39 },
      source: "yahoo",
      asOf: "2026-11-19",
      basis: { sessions: 41, from: "2026-01-05", to: "2026-11-19" },
    });
    expect(stats.range52Week!.value.position).toBeCloseTo((close39 - 20) / (50 - 20), 10);
    expect(stats.range52Week!.simulated).toBeUndefined();
    // The latest 30 sessions with a volume: bars 10 to 39, volumes 11,000 to 40,000.
    expect(stats.averageVolume30Day).toMatchObject({
      value: 25_500,
      source: "yahoo",
      asOf: "2026-11-19",
      basis: { sessions: 30, from: day(FIRST, 10), to: "2026-11-19" },
    });
    expect(stats.open).toEqual({ value: 34 + 39 / 10, source: "yahoo", asOf: "2026-11-19" });
    expect(stats.volume).toEqual({ value: 40_000, source: "yahoo", asOf: "2026-11-19" });
    expect(stats.valueTraded?.value).toBeCloseTo(40_000 * close39, 6);
  });

  it("labels figures from simulated bars as simulated when no real bar exists", async () => {
    const stats = (await s.company.keyStatistics("1120"))!.statistics;
    expect(stats.range52Week).toMatchObject({
      value: { low: 79, high: 86 },
      source: "simulator",
      simulated: true,
    });
    expect(stats.open).toMatchObject({ value: 82, source: "simulator", simulated: true });
    // The simulator gives no volume: no volume figures at all.
    expect(stats.volume).toBeUndefined();
    expect(stats.averageVolume30Day).toBeUndefined();
  });

  it("never invents shares, market cap, P/E, EPS, a dividend yield or an ISIN no source gives", async () => {
    const stats = (await s.company.keyStatistics("2222"))!.statistics;
    for (const absent of ["sharesOutstanding", "marketCap", "peRatio", "eps", "dividendYield", "isin"]) {
      expect(stats).not.toHaveProperty(absent);
    }
    // Aramco's row comes from the curated catalogue's entry in the listings file, dated by the file.
    const listed = { source: "catalogue", asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) };
    expect(stats.sector).toEqual({ value: "Energy", ...listed });
    expect(stats.exchange).toEqual({ value: "TADAWUL", ...listed });
    expect(stats.currency).toEqual({ value: "SAR", ...listed });
  });

  it("computes the history figures once per session: a new bar counts only after the session changes", async () => {
    await s.db.insert(marketBars).values(
      bar("2222", "2026-11-22", {
        open: 37,
        high: 60,
        low: 36,
        close: 38,
        volume: 50_000,
        source: "yahoo",
      }),
    );
    const sameSession = (await s.company.keyStatistics("2222"))!.statistics;
    expect(sameSession.range52Week?.value.high).toBe(50);
    // Monday 23 November, after the close of Sunday's session: the next read sees the new bar.
    now = Date.parse("2026-11-23T06:00:00Z");
    const next = (await s.company.keyStatistics("2222"))!.statistics;
    expect(next.range52Week?.value.high).toBe(60);
    expect(next.volume).toEqual({ value: 50_000, source: "yahoo", asOf: "2026-11-22" });
  });

  it("asks again soon for a company without stored bars yet (a first start still backfilling)", async () => {
    await s.db.delete(marketBars).where(inArray(marketBars.symbol, ["2280"]));
    expect((await s.company.keyStatistics("2280"))!.statistics.range52Week).toBeUndefined();
    await s.db
      .insert(marketBars)
      .values(bar("2280", "2026-11-22", { high: 52, low: 48, close: 50, source: "yahoo" }));
    expect((await s.company.keyStatistics("2280"))!.statistics.range52Week).toBeUndefined();
    now += 30_000;
    expect((await s.company.keyStatistics("2280"))!.statistics.range52Week?.value).toMatchObject({
      low: 48,
      high: 52,
    });
  });
});

describe("GET /api/instruments/:symbol", () => {
  it("answers every figure as { value, source, asOf }, publicly cacheable", async () => {
    const res = await fetch(`${app.url}/api/instruments/2222`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=15");
    const body = (await res.json()) as { symbol: string; statistics: Record<string, unknown> };
    expect(body.symbol).toBe("2222");
    expect(Object.keys(body.statistics).length).toBeGreaterThanOrEqual(8);
    for (const [name, figure] of Object.entries(body.statistics)) {
      expect(figure, name).toMatchObject({ value: expect.anything(), source: expect.any(String) });
      expect(figure, name).toHaveProperty("asOf");
    }
  });

  it("answers an unknown symbol 404 with a message naming it", async () => {
    const res = await fetch(`${app.url}/api/instruments/NOPE9`);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      ok: false,
      error: INSTRUMENT_NOT_FOUND.replace("{{symbol}}", "NOPE9"),
    });
  });
});
