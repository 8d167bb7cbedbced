import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlerts } from "#server/alerts/service";
import { scriptedProvider, stubJobs } from "#server/alerts/testing/scripted-market";
import type { Alerts } from "#server/alerts/types";
import { parseForexFactory } from "#server/calendar/forex-factory";
import { alertNotifications, user } from "#server/db/schema";
import { createLogger } from "#server/logger";
import { createSseHub } from "#server/realtime/sse-hub";
import type { Services } from "#server/services";
import { createTestServices } from "#server/testing/test-services";
import { CATALOGUE, type CatalogueEntry, listingEntries } from "./catalogue";
import { EXCHANGES } from "./exchanges";
import { createFeed } from "./feed";
import type { BarRow, MarketProvider } from "./provider";
import { createCoinGeckoSource } from "./providers/coingecko";
import { createCompositeProvider } from "./providers/composite";
import { createFrankfurterSource } from "./providers/frankfurter";
import { createGoldApiSource } from "./providers/gold-api";
import { createSahmkSource } from "./providers/sahmk";
import { createTwelveDataSource } from "./providers/twelve-data";
import { createYahooSource } from "./providers/yahoo";
import { dueByHours, planRefresh } from "./refresh-planner";
import type { Market } from "./service";
import { createSimulator } from "./simulator";
import { dedupeBars, replaceBars } from "./store";
import type { MarketWire, Quote, WireQuote } from "./types";
import { TICK_TOPIC, toQuote } from "./wire";

// The replay suite: recorded provider answers (server/market/fixtures, server/calendar/fixtures;
// provenance in each folder's README) served on loopback through the real adapters, the refresh
// planner, the feed and its store, and the alert evaluator, checking the rules of
// docs/product/markets.md. Runs on PGlite, and on PostgreSQL under test:pg.

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");

/** Answers by "path?symbol=", then "path?range=", then path; anything else is a JSON 404. */
const routes: Record<string, { status?: number; body: string; type?: string }> = {
  // SAHMK: Tadawul, live.
  "/quote/2222/": { body: fixture("sahmk/quote-2222.json") },
  "/quote/1120/": { status: 404, body: fixture("sahmk/error-invalid-symbol.json") },
  // Twelve Data: a DFM quote with numbers as strings; its series with a null close.
  "/quote?symbol=EMAAR": { body: fixture("twelvedata/quote-emaar.json") },
  "/time_series?symbol=EMAAR": { body: fixture("twelvedata/time-series.json") },
  // Any other symbol: its "not found" error, sent with HTTP 200.
  "/quote": { body: fixture("twelvedata/error-404.json") },
  "/time_series": { body: fixture("twelvedata/error-404.json") },
  // Yahoo: a trade of March 2020 (stale), a Kuwaiti quote in fils with a duplicated live row.
  "/v8/finance/chart/1120.SR": { body: fixture("yahoo/chart-stale-2020.json") },
  "/v8/finance/chart/ZAIN.KW": { body: fixture("yahoo/chart-zain-kw-fils.json") },
  "/v8/finance/chart/ZAIN.KW?range=1y": { body: fixture("yahoo/chart-zain-1y-duplicate-live-row.json") },
  "/v8/finance/chart/BZ=F": { status: 502, body: fixture("yahoo/error-page.html"), type: "text/html" },
  // CoinGecko, Frankfurter, gold-api.
  "/api/v3/simple/price": { body: fixture("coingecko/simple-price.json") },
  "/v2/rates": { body: fixture("frankfurter/rates.json") },
  "/price/XAU": { body: fixture("gold-api/xau.json") },
  "/price/XAG": { body: fixture("gold-api/xag.json") },
};
const requests: Array<{ url: string; ua: string | undefined }> = [];
let server: http.Server;
let base: string;

// Wednesday 18 Nov 2026, 08:30 UTC: Tadawul, DFM and Boursa Kuwait trade; crypto and FX too.
const NOW = Date.parse("2026-11-18T08:30:00Z");
const [ZAIN, EMAAR] = listingEntries([
  {
    symbol: "ZAIN",
    name: "Mobile Telecommunications Co.",
    nameAr: "زين",
    exchange: "BOURSA_KUWAIT",
    sector: "Telecommunications",
    currency: "KWD",
    tickers: { yahoo: "ZAIN.KW" },
  },
  {
    // Emaar's listing as Twelve Data knows it (the curated entry has no Twelve Data ticker).
    symbol: "EMAAR.DFM",
    name: "Emaar Properties",
    nameAr: "إعمار العقارية",
    exchange: "DFM",
    sector: "Real Estate",
    currency: "AED",
    tickers: { twelveData: "EMAAR" },
  },
]) as [CatalogueEntry, CatalogueEntry];
const SYMBOLS = ["2222", "1120", "BRENT", "BTC", "ETH", "SOL", "EUR/USD", "USD/KWD", "USD/QAR"];
const ENTRIES = [
  ...CATALOGUE.filter((e) => SYMBOLS.includes(e.symbol) || e.symbol in { GOLD: 1, SILVER: 1 }),
  ZAIN,
  EMAAR,
];
const bySymbol = new Map(ENTRIES.map((e) => [e.symbol, e]));

let s: Services;
const published: WireQuote[] = [];
const rowsOf = async <T>(query: SQL) => ((await s.db.execute(query)) as unknown as { rows: T[] }).rows;
const last = (symbol: string) => published.filter((w) => w[0] === symbol).at(-1);

function replayProvider(clock: () => number) {
  const opts = { baseUrl: base, clock, userAgent: "GulfPulse/test (+http://localhost:3000)" };
  const big = { perMinute: 600, perDay: 100_000 };
  return createCompositeProvider({
    entries: ENTRIES,
    sources: [
      createSahmkSource({ ...opts, apiKey: "k", budget: big }),
      createTwelveDataSource({ ...opts, apiKey: "k", budget: big }),
      createFrankfurterSource({ ...opts, budget: big }),
      createCoinGeckoSource({ ...opts, budget: big }),
      createGoldApiSource({ ...opts, budget: big }),
      createYahooSource({ ...opts, budget: big }),
    ],
    simulator: createSimulator({ seed: 7, entries: ENTRIES, minuteDays: 1, dailyDays: 30 }),
    log: createLogger("silent"),
    tickMs: () => 15_000,
    alerted: () => new Set(),
    watched: () => new Set(),
    clock,
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    requests.push({ url: req.url!, ua: req.headers["user-agent"] });
    const key = (name: string) => `${url.pathname}?${name}=${url.searchParams.get(name)}`;
    const a = routes[key("symbol")] ?? routes[key("range")] ?? routes[url.pathname];
    if (!a) return void res.writeHead(404, { "content-type": "application/json" }).end('{"error":"none"}');
    res.writeHead(a.status ?? 200, { "content-type": a.type ?? "application/json" }).end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  s = await createTestServices();
  s.bus.subscribe(TICK_TOPIC, (m: MarketWire) => void published.push(...m.q));
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await s?.close();
});

describe("replaying recorded answers through adapters, planner, feed and store", () => {
  let clockNow = NOW;
  const clock = () => clockNow;
  let provider: ReturnType<typeof replayProvider>;
  let feed: ReturnType<typeof createFeed>;
  const warnings: string[] = [];

  beforeAll(async () => {
    // A real close stored for gold the day before: its change is computed from it.
    await replaceBars({
      db: s.db,
      bars: [
        {
          symbol: "GOLD",
          interval: "1d",
          ts: Date.parse("2026-11-17T00:00:00Z"),
          open: 4000,
          high: 4050,
          low: 3990,
          close: 4030,
        },
      ],
    });
    provider = replayProvider(clock);
    const log = createLogger("silent");
    log.warn = ((obj: unknown, msg?: string) => void warnings.push(msg ?? String(obj))) as typeof log.warn;
    feed = createFeed({ db: s.db, bus: s.bus, log, provider, entries: ENTRIES, tickMs: () => 15_000 });
    const signal = new AbortController().signal;
    await feed.run(signal, NOW);
    await feed.backfilled();
    // Rounds of quotes, then rounds within the tick interval (nothing due): the budget left goes
    // to the history of what was quoted.
    for (const step of [15_000, 15_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000]) {
      await provider.settled();
      clockNow += step;
      await feed.run(signal, clockNow);
    }
    await provider.settled();
  }, 120_000);

  it("labels each source's quote and parses every adapter (fils divided, strings read, nulls no quote)", () => {
    const fields = (symbol: string) => {
      const w = last(symbol)!;
      return { price: w[1], previousClose: w[2], source: w[6], freshness: w[7] };
    };
    expect(fields("2222")).toEqual({ price: 25.64, previousClose: 25.4, source: "sahmk", freshness: "live" });
    expect(fields("EMAAR.DFM")).toMatchObject({ price: 14.28, previousClose: 14.12, source: "twelvedata" });
    expect(fields("ZAIN")).toMatchObject({ price: 0.512, source: "yahoo" });
    expect(last("BTC")![6]).toBe("coingecko");
    expect(last("SOL")![6]).toBe("simulator");
    expect(last("EUR/USD")![6]).toBe("frankfurter");
    expect(last("EUR/USD")![7]).toBe("eod");
    // An HTML page is a failure, never a price: Brent stays simulated and labelled so.
    expect(last("BRENT")![7]).toBe("simulated");
  });

  it("shows a source without a previous close against the last real close stored, never the simulator's", () => {
    const gold = last("GOLD")!;
    expect(gold[6]).toBe("gold-api");
    expect(gold[2]).toBe(4030);
    // Silver's answer has no number: no real quote, so the simulator serves it, labelled so.
    expect(last("SILVER")![7]).toBe("simulated");
  });

  it("labels a trade older than its exchange's last session stale, with its own time", () => {
    const q = last("1120")!;
    expect(q[6]).toBe("yahoo");
    expect(q[7]).toBe("stale");
    expect(q[5]).toBe(1583182801_000);
  });

  it("serves a pegged pair from its peg, asking no source for it", () => {
    const qar = last("USD/QAR")!;
    expect([qar[1], qar[2], qar[6], qar[7]]).toEqual([3.64, 3.64, "peg", "peg"]);
    expect(requests.some((r) => /QAR/.test(r.url))).toBe(false);
  });

  it("stores a history answer with a duplicated daily row (last wins) and marks its bars real", async () => {
    const rows = await rowsOf<{ close: number; real: boolean }>(
      sql`select ts, close::float8 as close, real from market_bars
        where symbol = 'ZAIN' and interval = '1d' and ts >= '2026-11-16' order by ts`,
    );
    expect(rows.map((r) => Number(r.close))).toEqual([0.505, 0.507, 0.512]);
    expect(rows.every((r) => r.real === true)).toBe(true);
    expect(warnings.filter((w) => /history failed/.test(w))).toEqual([]);
  });

  it("sends the product's User-Agent with every request", () => {
    expect(requests.length).toBeGreaterThan(5);
    expect(new Set(requests.map((r) => r.ua))).toEqual(new Set(["GulfPulse/test (+http://localhost:3000)"]));
  });
});

describe("bars", () => {
  const bar = (ts: number, close: number): BarRow => ({
    symbol: "X",
    interval: "1d",
    ts,
    open: 1,
    high: 2,
    low: 0.5,
    close,
  });

  it("deduplicates by symbol, interval and time, the last row winning", () => {
    expect(dedupeBars([bar(1, 1), bar(2, 2), bar(1, 3)]).map((b) => [b.ts, b.close])).toEqual([
      [2, 2],
      [1, 3],
    ]);
  });

  it("one bad history answer fails neither the tick nor the other instruments' history", async () => {
    const warned: string[] = [];
    const log = createLogger("silent");
    log.warn = ((_: unknown, msg?: string) => void warned.push(msg ?? "")) as typeof log.warn;
    const ranges: BarRow[][] = [
      // A time the database cannot take fails this range's write.
      [{ ...bar(Number.NaN, 25), symbol: "2222" }],
      // Two rows on the 12th: the last one wins.
      [1, 2, 2].map((d, i) => ({
        ...bar(Date.parse(`2026-11-1${d}T00:00:00Z`), 10 + d + i),
        symbol: "1120",
      })),
    ];
    const provider: MarketProvider = {
      name: "replay",
      start: async () => ({ quotes: [], bars: [] }),
      poll: async () => [],
      takeHistory: () => ranges.splice(0),
    };
    const entries = CATALOGUE.filter((e) => e.symbol === "2222" || e.symbol === "1120");
    const feed = createFeed({ db: s.db, bus: s.bus, log, provider, entries, tickMs: () => 15_000 });
    const signal = new AbortController().signal;
    await feed.run(signal, NOW);
    await feed.run(signal, NOW + 15_000);
    const rows = await rowsOf<{ close: number }>(
      sql`select close::float8 as close from market_bars where symbol = '1120' and interval = '1d'
        and ts in ('2026-11-11T00:00:00Z', '2026-11-12T00:00:00Z') order by ts`,
    );
    expect(rows.map((r) => Number(r.close))).toEqual([11, 14]);
    expect(warned.some((w) => /history failed/.test(w))).toBe(true);
  });
});

describe("refresh planning by exchange hours", () => {
  // Saturday 28 Nov 2026, 12:00 UTC: Tadawul and FX are shut; crypto trades.
  const SAT = Date.parse("2026-11-28T12:00:00Z");
  const ex = (symbol: string) => EXCHANGES[CATALOGUE.find((e) => e.symbol === symbol)!.exchange];

  it("refreshes a closed market once after its close, then not until the pre-open", () => {
    const plan = planRefresh({
      now: SAT,
      candidates: ["2222", "BTC", "USD/KWD"],
      alerted: new Set(["2222"]),
      watched: new Set(),
      // Each was refreshed on Friday evening, after every close.
      refreshedAt: new Map([
        ["2222", Date.parse("2026-11-27T20:00:00Z")],
        ["BTC", SAT - 60_000],
        ["USD/KWD", Date.parse("2026-11-28T00:30:00Z")],
      ]),
      exchangeOf: ex,
      minAgeMs: 15_000,
      requests: 10,
      batchSize: 1,
      cursor: 0,
    });
    expect(plan.symbols).toEqual(["BTC"]);
    // Thursday's close (12:00 UTC) is not yet refreshed at 13:00: the one refresh after it is due.
    expect(
      dueByHours(ex("2222")!, Date.parse("2026-11-26T11:59:00Z"), Date.parse("2026-11-26T13:00:00Z")),
    ).toBe(true);
    // Sunday 06:50 UTC, ten minutes before Tadawul opens: the pre-open refresh is due.
    expect(dueByHours(ex("2222")!, SAT, Date.parse("2026-11-29T06:50:00Z"))).toBe(true);
    expect(dueByHours(ex("2222")!, SAT, Date.parse("2026-11-29T05:00:00Z"))).toBe(false);
  });

  it("names the sources in the start-up log in the order they are asked", () => {
    const provider = createCompositeProvider({
      entries: [ZAIN, EMAAR, ...CATALOGUE.filter((e) => e.symbol === "USD/AED" || e.symbol === "EUR/USD")],
      sources: [
        createYahooSource({ baseUrl: "http://127.0.0.1:9" }),
        createTwelveDataSource({ baseUrl: "http://127.0.0.1:9", apiKey: "k" }),
      ],
      simulator: createSimulator({ seed: 1, entries: [] }),
      log: createLogger("silent"),
      tickMs: () => 15_000,
      alerted: () => new Set(),
      watched: () => new Set(),
    });
    const text = provider.describe();
    expect(text).toContain("other Gulf stocks and indices: twelvedata → yahoo → simulator");
    expect(text).toContain("FX: peg → twelvedata → yahoo → simulator");
  });
});

describe("the alert evaluator reads no stale price", () => {
  it("fires on a current price and never on a stale one", async () => {
    const provider = scriptedProvider();
    const t = await createTestServices({}, { market: { provider, jobs: stubJobs(true) } });
    try {
      const market = t.market as Market;
      const leader: Alerts = createAlerts({
        db: t.db,
        bus: t.bus,
        sse: createSseHub({ log: t.log, resolveUserId: async () => null }),
        outbox: t.outbox,
        jobs: stubJobs(true),
        log: t.log,
        publicUrl: "http://localhost:3000",
        market,
      });
      await leader.start();
      await market.tick(NOW);
      await t.db
        .insert(user)
        .values({ id: "trader", name: "trader", email: "t@example.com", emailVerified: true });
      await t.alerts.create("trader", { symbol: "1120", alertType: "above", targetValue: 200 });
      const fresh = await t.alerts.create("trader", {
        symbol: "2222",
        alertType: "above",
        targetValue: 25.5,
      });
      await expect.poll(() => leader.index.size).toBe(2);
      const at = NOW + 15_000;
      const quote = (symbol: string, w: Partial<Record<5 | 6 | 7, unknown>> & { 1: number }) =>
        toQuote(
          bySymbol.get(symbol)!,
          [symbol, w[1], w[1], w[1], w[1], (w[5] as number) ?? at, String(w[6]), w[7] as never],
          at,
        );
      const stale: Quote = quote("1120", { 1: 298.81, 5: 1583182801_000, 6: "yahoo", 7: "stale" });
      const live: Quote = quote("2222", { 1: 25.64, 6: "sahmk", 7: "live" });
      leader.evaluator.onTick([stale, live]);
      await leader.evaluator.idle();
      const fired = await t.db.select().from(alertNotifications);
      expect(fired.map((n) => n.alertId)).toEqual([fresh.id]);
      await leader.stop();
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe("Forex Factory calendar", () => {
  it("parses the recorded week, holidays included, every time with its offset", () => {
    const rows = parseForexFactory(
      fs.readFileSync(
        path.join(import.meta.dirname, "../calendar/fixtures/ff_calendar_thisweek.json"),
        "utf8",
      ),
      createLogger("silent"),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number.isFinite(Date.parse(r.date)))).toBe(true);
    expect(rows.some((r) => r.impact === "Holiday")).toBe(true);
  });
});
