import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Services } from "#server/services";
import { createTestServices } from "#server/testing/test-services";
import type { Market } from "./service";

// MARKET_PROVIDER=auto with Yahoo's chart API on loopback (the keyless sources that would reach the
// internet are switched off): a listed company outside the curated set gets its real price, labelled
// with its source, and falls back to the labelled simulator within a tick when the source fails.
const unknown = fs.readFileSync(path.join(import.meta.dirname, "fixtures/yahoo/unknown-ticker.json"), "utf8");
let failing = false;
let server: http.Server;
let s: Services;
let market: Market;

function chart(price: number, at: number) {
  return JSON.stringify({
    chart: {
      result: [
        {
          meta: {
            currency: "AED",
            symbol: "ADCB.AE",
            regularMarketPrice: price,
            chartPreviousClose: 9.5,
            regularMarketTime: Math.floor(at / 1000),
          },
          timestamp: [Math.floor(at / 1000)],
          indicators: { quote: [{ open: [9.5], high: [price], low: [9.5], close: [price] }] },
        },
      ],
      error: null,
    },
  });
}

/** 10:00 UTC on each of the five days before today. */
const today = new Date();
const DAYS = [5, 4, 3, 2, 1].map((d) =>
  Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - d, 10),
);
/** A year of daily bars, as far as this stub knows it: closes 7.01 ... 7.05, one day all null. */
function dailyHistory() {
  const closes = [7.01, 7.02, null, 7.04, 7.05];
  return JSON.stringify({
    chart: {
      result: [
        {
          meta: { currency: "AED", symbol: "ADCB.AE", regularMarketPrice: 9.87, chartPreviousClose: 7.0 },
          timestamp: DAYS.map((t) => t / 1000),
          indicators: { quote: [{ open: closes, high: closes, low: closes, close: closes }] },
        },
      ],
      error: null,
    },
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (failing)
      return void res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    if (url.pathname === "/v8/finance/chart/ADCB.AE") {
      const body = url.searchParams.get("range") === "1y" ? dailyHistory() : chart(9.87, Date.now() - 30_000);
      return void res.writeHead(200, { "content-type": "application/json" }).end(body);
    }
    res.writeHead(404, { "content-type": "application/json" }).end(unknown);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  s = await createTestServices({
    MARKET_PROVIDER: "auto",
    YAHOO_BASE_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    MARKET_SOURCES_DISABLED: "frankfurter,coingecko,gold-api",
    MARKET_BUDGETS: "yahoo=120/100000",
    MARKET_SOURCE_TIMEOUT_MS: "2000",
  });
  market = s.market as Market;
  // The first tick backfills a year of simulated history for every instrument.
  await market.tick();
}, 120_000);

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await s?.close();
});

describe("auto market provider", () => {
  it("quotes a listed company from a loopback source and falls back, relabelled, when it fails", async () => {
    expect(market.quote("ADCB")).toMatchObject({ source: "simulator", freshness: "simulated" });
    // Someone opens its page: it is refreshed first.
    market.watch("ADCB");
    await vi.waitFor(
      async () => {
        await market.tick();
        expect(market.quote("ADCB")).toMatchObject({ price: 9.87, previousClose: 9.5, source: "yahoo" });
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(["live", "delayed", "eod"]).toContain(market.quote("ADCB")!.freshness);
    // Its real history replaces the simulator's backfill over the span the source covers.
    const realSpan = async () =>
      (await market.history("ADCB", "1M"))
        .filter((b) => b.time * 1000 >= DAYS[0]! - 10 * 3_600_000 && b.time * 1000 <= DAYS[4]!)
        .map((b) => b.close);
    await vi.waitFor(
      async () => {
        await market.tick();
        expect(await realSpan()).toEqual([7.01, 7.02, 7.04, 7.05]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const status = market.status();
    expect(status.provider).toBe("auto");
    expect(status.sources?.map((x) => x.name)).toEqual(["yahoo"]);
    expect(status.sources?.[0]).toMatchObject({ ok: true });

    failing = true;
    await vi.waitFor(
      async () => {
        await market.tick();
        expect(market.quote("ADCB")).toMatchObject({ source: "simulator", freshness: "simulated" });
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(market.status().sources?.[0]).toMatchObject({
      ok: false,
      lastError: expect.stringMatching(/yahoo/),
    });
  }, 60_000);
});
