import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseRetryAfter } from "#common/retry-after";
import { createLogger } from "#server/logger";
import { CATALOGUE, type CatalogueEntry, listingEntries } from "../catalogue";
import { createSimulator } from "../simulator";
import { createCoinGeckoSource } from "./coingecko";
import { createCompositeProvider } from "./composite";
import { createFrankfurterSource } from "./frankfurter";
import { createGoldApiSource } from "./gold-api";
import { SourceError } from "./http-client";
import { createSahmkSource } from "./sahmk";
import { createTwelveDataSource } from "./twelve-data";
import { createYahooSource } from "./yahoo";

// Recorded responses in each provider's documented shape, served on loopback: nothing here
// reaches the internet.
const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");

type Answer = {
  status?: number;
  body?: string;
  type?: string;
  headers?: Record<string, string>;
  hang?: boolean;
};
/** Answers by path (query ignored); unknown paths get a JSON 404. */
let routes: Record<string, Answer> = {};
const requests: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ url: req.url!, headers: req.headers });
    const a = routes[new URL(req.url!, "http://x").pathname];
    if (a?.hang) return;
    if (!a) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"no route"}');
      return;
    }
    res
      .writeHead(a.status ?? 200, { "content-type": a.type ?? "application/json", ...a.headers })
      .end(a.body ?? "");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  routes = {};
  requests.length = 0;
});

// Wednesday 08:30 UTC: Tadawul, DFM and Boursa Kuwait trade; crypto always does.
const NOW = Date.parse("2026-11-18T08:30:00Z");
const clock = () => NOW;
const entry = (symbol: string) => CATALOGUE.find((e) => e.symbol === symbol)!;
const [ZAIN, NOMU] = listingEntries([
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
    symbol: "9510",
    name: "Nomu Example Co.",
    nameAr: "شركة نمو",
    exchange: "TADAWUL",
    board: "nomu",
    sector: "Industrials",
    currency: "SAR",
    tickers: { yahoo: "9510.SR", sahmk: "9510" },
  },
]) as [CatalogueEntry, CatalogueEntry];

const json = (name: string, status = 200): Answer => ({ status, body: fixture(name) });

describe("Yahoo chart source", () => {
  const yahoo = () => createYahooSource({ baseUrl: base, timeoutMs: 300, clock });

  it("quotes from the chart's meta, labelled delayed by the quote's age", async () => {
    routes["/v8/finance/chart/2222.SR"] = json("yahoo/chart-2222-1d.json");
    const [q] = await yahoo().quotes([entry("2222")], NOW);
    expect(q).toMatchObject({
      symbol: "2222",
      price: 25.62,
      previousClose: 25.4,
      dayHigh: 25.7,
      dayLow: 25.38,
      time: Date.parse("2026-11-18T08:25:00Z"),
      source: "yahoo",
      freshness: "delayed",
      delayMinutes: 5,
    });
    expect(requests[0]!.url).toBe("/v8/finance/chart/2222.SR?range=1d&interval=1d");
  });

  it("divides a Kuwaiti quote in fils by 1000", async () => {
    routes["/v8/finance/chart/ZAIN.KW"] = json("yahoo/chart-zain-kw-fils.json");
    const [q] = await yahoo().quotes([ZAIN], NOW);
    expect(q).toMatchObject({ price: 0.512, previousClose: 0.51, dayHigh: 0.515, dayLow: 0.508 });
  });

  it("gives no quote for a null price or an unknown ticker, and keeps answering", async () => {
    routes["/v8/finance/chart/EMAAR.AE"] = json("yahoo/chart-null-price.json");
    routes["/v8/finance/chart/FADGI.FGI"] = json("yahoo/unknown-ticker.json", 404);
    routes["/v8/finance/chart/2222.SR"] = json("yahoo/chart-2222-1d.json");
    const source = yahoo();
    const quotes = await source.quotes([entry("EMAAR"), entry("FADGI"), entry("2222")], NOW);
    expect(quotes.map((q) => q.symbol)).toEqual(["2222"]);
    expect(source.client.backoffUntil()).toBe(0);
  });

  it("honours 429 with Retry-After: no request until it has passed", async () => {
    routes["/v8/finance/chart/2222.SR"] = {
      status: 429,
      type: "text/plain",
      body: fixture("yahoo/too-many-requests.txt"),
      headers: { "retry-after": "120" },
    };
    const source = yahoo();
    const err = await source.quotes([entry("2222")], NOW).catch((e) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err.kind).toBe("rate_limited");
    expect(source.client.backoffUntil()).toBe(NOW + 120_000);
    const again = await source.quotes([entry("2222")], NOW).catch((e) => e);
    expect(again.kind).toBe("backoff");
    expect(requests).toHaveLength(1);
  });

  it("backs off exponentially after failures", async () => {
    let t = NOW;
    routes["/v8/finance/chart/2222.SR"] = { status: 500, body: '{"chart":{"result":null}}' };
    const source = createYahooSource({ baseUrl: base, timeoutMs: 300, clock: () => t });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await source.quotes([entry("2222")], t).catch(() => undefined);
      waits.push(source.client.backoffUntil() - t);
      t = source.client.backoffUntil();
    }
    expect(waits).toEqual([2_000, 4_000, 8_000]);
  });

  it("treats an HTML error page as a failure, not a quote", async () => {
    routes["/v8/finance/chart/2222.SR"] = {
      status: 200,
      type: "text/html",
      body: fixture("yahoo/error-page.html"),
    };
    const err = await yahoo()
      .quotes([entry("2222")], NOW)
      .catch((e) => e);
    expect(err.kind).toBe("html");
  });

  it("times out a source that does not answer", async () => {
    routes["/v8/finance/chart/2222.SR"] = { hang: true };
    const err = await yahoo()
      .quotes([entry("2222")], NOW)
      .catch((e) => e);
    expect(err.kind).toBe("timeout");
  });

  it("reads history and skips intervals with nulls", async () => {
    routes["/v8/finance/chart/BZ%3DF"] = json("yahoo/chart-1y-1d.json");
    const bars = await yahoo().history!(entry("BRENT"), "1y");
    expect(bars).toHaveLength(4);
    expect(bars.every((b) => b.interval === "1d" && b.close > 0)).toBe(true);
  });
});

describe("Frankfurter FX source", () => {
  it("leaves pegged currencies to their peg and labels daily rates end of day", async () => {
    routes["/v2/rates"] = json("frankfurter/rates.json");
    const source = createFrankfurterSource({ baseUrl: base, clock });
    const fx = ["USD/AED", "USD/SAR", "EUR/USD", "USD/KWD", "USD/JPY"].map(entry);
    expect(fx.filter((e) => source.supports(e)).map((e) => e.symbol)).toEqual([
      "EUR/USD",
      "USD/KWD",
      "USD/JPY",
    ]);
    const quotes = Object.fromEntries((await source.quotes(fx, NOW)).map((q) => [q.symbol, q]));
    expect(quotes["USD/AED"]).toBeUndefined();
    expect(quotes["USD/SAR"]).toBeUndefined();
    expect(quotes["EUR/USD"]!.price).toBeCloseTo(1 / 0.8591, 10);
    expect(quotes["EUR/USD"]!.previousClose).toBeCloseTo(1 / 0.8612, 10);
    expect(quotes["USD/KWD"]).toMatchObject({ price: 0.30698, source: "frankfurter", freshness: "eod" });
    expect(quotes["USD/JPY"]).toBeUndefined();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toMatch(/^\/v2\/rates\?base=USD&quotes=EUR,KWD,JPY&from=2026-11-08$/);
  });
});

describe("CoinGecko source", () => {
  it("quotes live with the demo key header; a null price is no quote", async () => {
    routes["/api/v3/simple/price"] = json("coingecko/simple-price.json");
    const source = createCoinGeckoSource({ baseUrl: base, apiKey: "demo-key", clock });
    const quotes = await source.quotes(["BTC", "ETH", "SOL", "XRP"].map(entry), NOW);
    expect(quotes.map((q) => q.symbol)).toEqual(["BTC", "ETH"]);
    expect(quotes[0]).toMatchObject({ price: 95123.45, source: "coingecko", freshness: "live" });
    expect(quotes[0]!.previousClose).toBeCloseTo(95123.45 / 1.025, 6);
    expect(requests[0]!.headers["x-cg-demo-api-key"]).toBe("demo-key");
  });

  it("says what a 401 is", async () => {
    routes["/api/v3/simple/price"] = {
      status: 401,
      body: '{"status":{"error_code":10002,"error_message":"API Key Missing"}}',
    };
    const err = await createCoinGeckoSource({ baseUrl: base, clock })
      .quotes([entry("BTC")], NOW)
      .catch((e) => e);
    expect(err.kind).toBe("auth");
  });
});

describe("gold-api metals source", () => {
  it("quotes gold; a price that is not a number is no quote", async () => {
    routes["/price/XAU"] = json("gold-api/xau.json");
    routes["/price/XAG"] = json("gold-api/xag.json");
    const quotes = await createGoldApiSource({ baseUrl: base, clock }).quotes(
      [entry("GOLD"), entry("SILVER")],
      NOW,
    );
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({ symbol: "GOLD", price: 4061.3, source: "gold-api", freshness: "live" });
    // No previous close from this source: the composite keeps the one shown so far.
    expect(quotes[0]!.previousClose).toBeNaN();
  });
});

describe("Twelve Data source", () => {
  const td = () => createTwelveDataSource({ baseUrl: base, apiKey: "k", clock });
  const emaar = listingEntries([
    {
      symbol: "EMAAR2",
      name: "Emaar Properties",
      nameAr: "إعمار",
      exchange: "DFM",
      sector: "Real Estate",
      currency: "AED",
      tickers: { twelveData: "EMAAR" },
    },
  ])[0]!;

  it("quotes a listing by symbol and market code, numbers sent as strings", async () => {
    routes["/quote"] = json("twelvedata/quote-emaar.json");
    const [q] = await td().quotes([emaar], NOW);
    expect(q).toMatchObject({
      price: 14.28,
      previousClose: 14.12,
      dayHigh: 14.32,
      dayLow: 14.05,
      source: "twelvedata",
    });
    expect(requests[0]!.url).toBe("/quote?symbol=EMAAR&mic_code=XDFM&apikey=k");
  });

  it("a 401 in the body (HTTP 200) is a key error; a 404 body is no quote", async () => {
    routes["/quote"] = json("twelvedata/error-401.json");
    expect(
      (
        await td()
          .quotes([emaar], NOW)
          .catch((e) => e)
      ).kind,
    ).toBe("auth");
    routes["/quote"] = json("twelvedata/error-404.json", 404);
    expect(await td().quotes([emaar], NOW)).toEqual([]);
  });

  it("backs off after an error sent with HTTP 200, like one sent with its status", async () => {
    routes["/quote"] = json("twelvedata/error-429.json");
    const source = td();
    const err = await source.quotes([emaar], NOW).catch((e) => e);
    expect(err.kind).toBe("rate_limited");
    expect(source.client.backoffUntil()).toBe(NOW + 60_000);
    expect((await source.quotes([emaar], NOW).catch((e) => e)).kind).toBe("backoff");
    expect(requests).toHaveLength(1);

    routes["/quote"] = json("twelvedata/error-401.json");
    const keyed = td();
    expect((await keyed.quotes([emaar], NOW).catch((e) => e)).kind).toBe("auth");
    expect(keyed.client.backoffUntil()).toBeGreaterThan(NOW);
  });

  it("reads a time series oldest first and drops a bar with a null close", async () => {
    routes["/time_series"] = json("twelvedata/time-series.json");
    const bars = await td().history!(emaar, "1y");
    expect(bars.map((b) => b.close)).toEqual([14, 14.28]);
  });
});

describe("SAHMK source", () => {
  const sahmk = () => createSahmkSource({ baseUrl: base, apiKey: "shmk_test_x", clock });

  it("quotes Tadawul live with the X-API-Key header", async () => {
    routes["/quote/2222/"] = json("sahmk/quote-2222.json");
    const [q] = await sahmk().quotes([entry("2222")], NOW);
    expect(q).toMatchObject({ price: 25.64, previousClose: 25.4, source: "sahmk", freshness: "live" });
    expect(requests[0]!.headers["x-api-key"]).toBe("shmk_test_x");
  });

  it("an unknown symbol is no quote; a bad key is an error", async () => {
    routes["/quote/9510/"] = json("sahmk/error-invalid-symbol.json", 404);
    expect(await sahmk().quotes([NOMU], NOW)).toEqual([]);
    routes["/quote/2222/"] = {
      status: 401,
      body: '{"error":{"code":"UNAUTHORIZED","message":"Invalid API key"}}',
    };
    expect(
      (
        await sahmk()
          .quotes([entry("2222")], NOW)
          .catch((e) => e)
      ).kind,
    ).toBe("auth");
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("30", NOW)).toBe(30_000);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter("soon", NOW)).toBeNull();
  });
});

describe("auto: composite of sources over the simulator", () => {
  it("serves a real quote, and falls back to the simulator within one tick when the source fails", async () => {
    routes["/v8/finance/chart/2222.SR"] = json("yahoo/chart-2222-1d.json");
    let t = NOW - 2_000;
    const entries = [entry("2222"), entry("BTC")];
    const simulator = createSimulator({ seed: 1, entries, dailyDays: 3, minuteDays: 1 });
    const composite = createCompositeProvider({
      entries,
      sources: [createYahooSource({ baseUrl: base, timeoutMs: 300, clock: () => t })],
      simulator,
      log: createLogger("silent"),
      tickMs: () => 1_000,
      alerted: () => new Set(),
      watched: () => new Set(),
      clock: () => t,
    });
    const started = await composite.start([], t);
    expect(started.quotes.every((q) => q.freshness === "simulated")).toBe(true);
    await composite.settled();

    t += 1_000;
    const first = await composite.poll(t);
    expect(first.find((q) => q.symbol === "2222")).toMatchObject({
      price: 25.62,
      source: "yahoo",
      freshness: "delayed",
    });
    // Yahoo has no answer for BTC-USD here: BTC stays simulated.
    expect(first.find((q) => q.symbol === "BTC")?.freshness ?? "simulated").toBe("simulated");
    await composite.settled();

    // The source starts failing: the tick that asks it learns it, the next one falls back.
    routes["/v8/finance/chart/2222.SR"] = {
      status: 503,
      type: "text/html",
      body: fixture("yahoo/error-page.html"),
    };
    t += 1_000;
    await composite.poll(t);
    await composite.settled();
    t += 1_000;
    const after = await composite.poll(t);
    const q = after.find((q) => q.symbol === "2222");
    expect(q).toMatchObject({ source: "simulator", freshness: "simulated" });
    // The simulator carries on from the last real price rather than jumping.
    expect(q!.price).toBeGreaterThan(25.62 * 0.98);
    expect(q!.price).toBeLessThan(25.62 * 1.02);
    const health = composite.health()[0]!;
    expect(health).toMatchObject({ name: "yahoo", ok: false });
    expect(health.lastError).toMatch(/yahoo/);
    expect(health.lastSuccess).not.toBeNull();
    expect(health.budget.usedMinute).toBeGreaterThanOrEqual(3);
  });
});

describe("auto: a cached real quote's label", () => {
  it("is as of each read: it ages into a longer delay, then end of day after the close", async () => {
    routes["/v8/finance/chart/2222.SR"] = json("yahoo/chart-2222-1d.json");
    let t = NOW;
    const entries = [entry("2222")];
    const composite = createCompositeProvider({
      entries,
      sources: [createYahooSource({ baseUrl: base, timeoutMs: 300, clock: () => t })],
      simulator: createSimulator({ seed: 1, entries, dailyDays: 3, minuteDays: 1 }),
      log: createLogger("silent"),
      // Never refreshed again: the one cached quote is read as time passes.
      tickMs: () => 24 * 3_600_000,
      alerted: () => new Set(),
      watched: () => new Set(),
      clock: () => t,
    });
    await composite.start([], t);
    await composite.settled();
    t += 1_000;
    expect((await composite.poll(t)).find((q) => q.symbol === "2222")).toMatchObject({
      freshness: "delayed",
      delayMinutes: 5,
    });
    // The quote (08:25 UTC) half an hour later, Tadawul still trading.
    t = NOW + 30 * 60_000;
    expect((await composite.poll(t)).find((q) => q.symbol === "2222")).toMatchObject({
      price: 25.62,
      source: "yahoo",
      freshness: "delayed",
      delayMinutes: 35,
    });
    // Tadawul has closed (15:00 Riyadh, 12:00 UTC): the same price is the day's close.
    t = Date.parse("2026-11-18T12:30:00Z");
    const closed = (await composite.poll(t)).find((q) => q.symbol === "2222");
    expect(closed).toMatchObject({ price: 25.62, source: "yahoo", freshness: "eod" });
    expect(closed?.delayMinutes).toBeUndefined();
    await composite.settled();
  });
});

describe("the loopback Yahoo stub for tests", () => {
  it("serves the prices a test sets (also over HTTP), 404 for the rest, and fails on demand", async () => {
    const { startYahooStub } = await import("../testing/yahoo-stub");
    const stub = await startYahooStub();
    try {
      const yahoo = createYahooSource({ baseUrl: stub.url, timeoutMs: 1_000 });
      stub.setPrice("ZAIN.KW", 512, 510);
      expect((await fetch(`${stub.url}/__price?ticker=EMAAR.AE&price=14.5`, { method: "POST" })).status).toBe(
        204,
      );
      const quotes = await yahoo.quotes([ZAIN, entry("EMAAR"), entry("2222")], Date.now());
      expect(quotes.map((q) => [q.symbol, q.price])).toEqual([
        ["ZAIN", 0.512],
        ["EMAAR", 14.5],
      ]);
      stub.fail(true);
      expect((await yahoo.quotes([ZAIN], Date.now()).catch((e) => e)).kind).toBe("html");
    } finally {
      await stub.close();
    }
  });
});
