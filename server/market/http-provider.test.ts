import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestServices } from "../testing/test-services";
import { CATALOGUE } from "./catalogue";
import { createHttpProvider } from "./http-provider";
import type { Market } from "./service";
import { dailyBarTs } from "./simulator";

// Responses in the quote API's format, served from loopback exactly as recorded.
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8");
const QUOTES = fixture("yahoo-quote.json");
const CHARTS: Record<string, string> = {
  "/v8/finance/chart/BZ%3DF?range=1y&interval=1d": fixture("yahoo-chart-1d.json"),
  "/v8/finance/chart/BZ%3DF?range=5d&interval=1m": fixture("yahoo-chart-1m.json"),
};

let mode: "ok" | "error" | "hang" = "ok";
const requests: string[] = [];
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url!);
    if (mode === "hang") return;
    if (mode === "error") {
      res.writeHead(500, { "content-type": "application/json" }).end('{"finance":{"error":"Internal"}}');
      return;
    }
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/api/v7/finance/quote") {
      res.writeHead(200, { "content-type": "application/json" }).end(QUOTES);
      return;
    }
    const chart = CHARTS[req.url!.replace(/^\/api/, "")];
    if (chart) res.writeHead(200, { "content-type": "application/json" }).end(chart);
    else
      res.writeHead(404, { "content-type": "application/json" }).end('{"chart":{"result":null,"error":{}}}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  mode = "ok";
  requests.length = 0;
});

const provider = (timeoutMs = 2_000) => createHttpProvider({ baseUrl, entries: CATALOGUE, timeoutMs });
const NOW = Date.parse("2025-11-20T08:00:05Z");

describe("HTTP quote provider", () => {
  it("maps the API's quotes onto the catalogue and asks for every instrument", async () => {
    const quotes = await provider().poll(NOW);
    const url = new URL(requests[0]!, "http://x");
    expect(url.searchParams.get("symbols")!.split(",")).toEqual(CATALOGUE.map((e) => e.providerSymbol));
    expect(quotes.map((q) => q.symbol).sort()).toEqual(["BRENT", "BTC", "SPX", "TASI", "USD/AED"]);
    expect(quotes.find((q) => q.symbol === "TASI")).toEqual({
      symbol: "TASI",
      price: 11258.64,
      previousClose: 11299.91,
      dayHigh: 11312.08,
      dayLow: 11241.5,
      time: 1763625600_000,
    });
    expect(quotes.find((q) => q.symbol === "USD/AED")).toMatchObject({
      price: 3.6726,
      previousClose: 3.6725,
    });
  });

  it("backfills history on a first start, skipping empty rows and symbols it has none for", async () => {
    const { quotes, bars } = await provider().start([], NOW);
    expect(quotes).toHaveLength(5);
    const daily = bars.filter((b) => b.interval === "1d");
    expect(daily.map((b) => b.ts)).toEqual(
      ["2025-11-13", "2025-11-14", "2025-11-18", "2025-11-19"].map((d) => dailyBarTs(d)),
    );
    expect(daily[0]).toEqual({
      symbol: "BRENT",
      interval: "1d",
      ts: dailyBarTs("2025-11-13"),
      open: 63.9,
      high: 64.5,
      low: 63.5,
      close: 64.2,
    });
    const minutes = bars.filter((b) => b.interval === "1m");
    expect(minutes.map((b) => b.close)).toEqual([65.05, 65.08, 65.09, 65.1]);
    expect(requests.filter((r) => r.includes("/chart/"))).toHaveLength(CATALOGUE.length * 2);
  });

  it("asks for no history when quotes are already stored", async () => {
    const stored = [
      { symbol: "TASI", price: 1, previousClose: 1, dayHigh: 1, dayLow: 1, time: NOW - 60_000 },
    ];
    const { bars } = await provider().start(stored, NOW);
    expect(bars).toEqual([]);
    expect(requests.some((r) => r.includes("/chart/"))).toBe(false);
  });

  it("fails a poll on an error status, a timeout or an unreachable server", async () => {
    mode = "error";
    await expect(provider().poll(NOW)).rejects.toThrow("market API answered 500");
    mode = "hang";
    await expect(provider(300).poll(NOW)).rejects.toThrow();
    const closed = createHttpProvider({ baseUrl: "http://127.0.0.1:9/", entries: CATALOGUE });
    await expect(closed.poll(NOW)).rejects.toThrow();
  });
});

describe("market service on the HTTP provider", () => {
  it("serves the API's prices and history, and keeps them when the API goes down", async () => {
    const s = await createTestServices({ MARKET_PROVIDER: "http", MARKET_HTTP_URL: baseUrl });
    try {
      const market = s.market as Market;
      await market.tick(NOW);
      await market.tick(NOW + 15_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(market.quote("TASI")).toMatchObject({
        price: 11258.64,
        previousClose: 11299.91,
        change: -41.27,
      });
      expect(market.snapshot().commodities.map((q) => q.symbol)).toEqual(["BRENT"]);
      expect((await market.history("BRENT", "1Y")).map((b) => b.close)).toEqual([
        64.2, 64.5, 64.48, 64.48, 65.1,
      ]);
      mode = "error";
      await expect(market.tick(NOW + 30_000)).rejects.toThrow("500");
      await new Promise((r) => setTimeout(r, 50));
      expect(market.status()).toMatchObject({ provider: "http", ok: false });
      expect(market.quote("TASI")!.price).toBe(11258.64);
    } finally {
      await s.close();
    }
  });
});
