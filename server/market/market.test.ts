import type { Server } from "node:http";
import { sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { CATALOGUE } from "./catalogue";
import { createFeed } from "./feed";
import type { MarketProvider } from "./provider";
import type { Market } from "./service";
import { openSse } from "./testing/sse-client";
import type { MarketWire, Quote } from "./types";
import { TICK_TOPIC } from "./wire";

// Wednesday 08:00 UTC: the Gulf exchanges, FX, commodities and crypto trade; New York is shut.
const T0 = Date.parse("2026-11-18T08:00:00Z");

let s: Services;
let market: Market;
let server: Server;
let streamUrl: string;
const published: MarketWire[] = [];

/** Resolves with the changed quotes of the next tick applied by this process. */
const nextTick = () =>
  new Promise<Quote[]>((resolve) => {
    const off = market.onTick((changed) => {
      off();
      resolve(changed);
    });
  });

const count = async (where: string) =>
  Number(
    ((await s.db.execute(sql.raw(`select count(*)::int as n from market_bars where ${where}`))) as any)
      .rows[0].n,
  );

beforeAll(async () => {
  s = await createTestServices();
  market = s.market as Market;
  s.bus.subscribe(TICK_TOPIC, (m) => void published.push(m));
  const app = express();
  s.sse.mount(app);
  server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  streamUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/stream`;
});

afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await s?.close();
});

describe("market tick pipeline", () => {
  it("backfills history on the first tick and publishes a full snapshot", async () => {
    const applied = nextTick();
    await market.tick(T0);
    const changed = await applied;
    // The first message of the snapshot (it is split to fit NOTIFY payloads) starts with the
    // curated instruments; the listed companies follow in later messages.
    expect(changed.slice(0, CATALOGUE.length).map((q) => q.symbol)).toEqual(CATALOGUE.map((e) => e.symbol));
    expect(changed.every((q) => q.freshness === "simulated" && q.source === "simulator")).toBe(true);
    const bundle = market.snapshot();
    expect(Object.values(bundle).flat().length - 1).toBe(CATALOGUE.length);
    expect(bundle.gulfStocks.map((q) => q.symbol)).toContain("TASI");
    expect(bundle.currencies).toHaveLength(10);
    expect(bundle.crypto.length + bundle.commodities.length + bundle.usIndices.length).toBe(13);
    expect(bundle.lastRefresh).toBe(new Date(T0).toISOString());

    expect(await count("interval = '1d' and symbol = 'TASI'")).toBeGreaterThan(230);
    expect(await count("interval = '1m' and symbol = 'BTC'")).toBeGreaterThan(7 * 1440);
    const day = await market.history("TASI", "1D");
    expect(day.length).toBeGreaterThan(30);
    expect(day.at(-1)!.time).toBeLessThan(T0 / 1000);
    expect((await market.history("tasi", "1Y")).length).toBeGreaterThan(230);
    const week = await market.history("BTC", "1W");
    expect(week.length).toBeGreaterThan(300);
    expect(week[1]!.time - week[0]!.time).toBe(1800);
    // A year of history for every listed company too: slow on a busy machine.
  }, 120_000);

  it("moves open markets on the next tick, stores them and reaches SSE clients", async () => {
    const client = openSse(streamUrl);
    const snapshot = await client.next((e) => e.event === "market");
    expect(snapshot.id).toBe(String(T0));
    expect(snapshot.data.full).toBe(true);
    expect(snapshot.data.q).toHaveLength(CATALOGUE.length);

    const before = market.quote("TASI")!;
    const spxBefore = market.quote("SPX")!;
    const applied = nextTick();
    await market.tick(T0 + 15_000);
    const changed = await applied;
    const symbols = changed.map((q) => q.symbol);
    expect(symbols).toEqual(expect.arrayContaining(["TASI", "DFMGI", "USD/AED", "BTC", "BRENT"]));
    expect(symbols).not.toContain("SPX");
    const after = market.quote("TASI")!;
    expect(after.lastUpdate).toBe(new Date(T0 + 15_000).toISOString());
    expect(after.price).not.toBe(before.price);
    expect(after.change).toBeCloseTo(after.price - after.previousClose, 2);
    expect(market.quote("SPX")).toEqual({ ...spxBefore, marketOpen: expect.any(Boolean) });

    const tick = await client.next((e) => e.id === String(T0 + 15_000));
    expect(tick.data.full).toBeUndefined();
    expect(tick.data.q.find((q: unknown[]) => q[0] === "TASI")[1]).toBe(after.price);
    expect(tick.data.x).toEqual(expect.arrayContaining(["TADAWUL", "FX", "CRYPTO"]));
    client.close();

    const row = ((await s.db.execute(sql`select price from market_quotes where symbol = 'TASI'`)) as any)
      .rows[0];
    expect(Number(Number(row.price).toFixed(2))).toBe(after.price);
    const minute = await market.history("TASI", "1D");
    expect(minute.at(-1)).toMatchObject({ time: T0 / 1000, close: after.price });
  });

  it("keeps every bus message under the NOTIFY limit", () => {
    expect(published.length).toBeGreaterThanOrEqual(2);
    for (const m of published) expect(JSON.stringify(m).length).toBeLessThan(8000);
  });

  it("skips the snapshot for a tab that reconnects with the latest event id", async () => {
    const fresh = openSse(streamUrl, { "last-event-id": String(T0 + 15_000) });
    const stale = openSse(streamUrl, { "last-event-id": String(T0) });
    const full = await stale.next((e) => e.event === "market");
    expect(full.data.full).toBe(true);
    const applied = nextTick();
    await market.tick(T0 + 30_000);
    await applied;
    const first = await fresh.next((e) => e.event === "market");
    expect(first.id).toBe(String(T0 + 30_000));
    expect(first.data.full).toBeUndefined();
    fresh.close();
    stale.close();
  });

  it("reads the tick interval from the admin setting at each tick", async () => {
    await s.settings.set("marketTickMs", 5_000);
    const applied = nextTick();
    await market.tick(T0 + 35_000);
    await applied;
    expect(published.at(-1)!.ms).toBe(5_000);
    expect(market.status().tickMs).toBe(5_000);
    await s.settings.set("marketTickMs", "nonsense");
    expect(market.status().tickMs).toBe(s.config.MARKET_TICK_MS);
  });

  it("backfills idempotently: a restarted feed adds no duplicate history", async () => {
    const daily = await count("interval = '1d'");
    const sim = (await import("./simulator")).createSimulator({
      seed: s.config.MARKET_SEED,
      entries: CATALOGUE,
    });
    const feed = createFeed({
      db: s.db,
      bus: s.bus,
      log: s.log,
      provider: sim,
      entries: CATALOGUE,
      tickMs: () => 15_000,
    });
    const applied = nextTick();
    await feed.run(new AbortController().signal, T0 + 45_000);
    await applied;
    expect(await count("interval = '1d'")).toBe(daily);
  });

  it("reports an unreachable provider while keeping the last prices", async () => {
    const last = market.quote("TASI")!;
    const down: MarketProvider = {
      name: "down",
      start: async () => ({ quotes: [], bars: [] }),
      poll: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    };
    const feed = createFeed({
      db: s.db,
      bus: s.bus,
      log: s.log,
      provider: down,
      entries: CATALOGUE,
      tickMs: () => 15_000,
    });
    await feed.run(new AbortController().signal, T0 + 50_000);
    const applied = nextTick();
    await expect(feed.run(new AbortController().signal, T0 + 65_000)).rejects.toThrow("ECONNREFUSED");
    expect(await applied).toEqual([]);
    // Bus messages from the earlier run may still be arriving (PostgreSQL): wait for the outcome.
    await expect.poll(() => market.status().ok).toBe(false);
    await expect.poll(() => market.wire().ok).toBe(false);
    expect(market.quote("TASI")!.price).toBe(last.price);
  });

  it("finds instruments by symbol, slug, name and alias", () => {
    expect(market.findInstrument("usd-aed")?.symbol).toBe("USD/AED");
    expect(market.findInstrument("Saudi index")?.symbol).toBe("TASI");
    expect(market.findInstrument("oil")?.symbol).toBe("BRENT");
    expect(market.findInstrument("Dubai index")?.symbol).toBe("DFMGI");
    // A listed company's symbol wins over a curated alias: "DFM" is Dubai Financial Market PJSC.
    expect(market.findInstrument("DFM")?.symbol).toBe("DFM");
    expect(market.findInstrument("dirham")?.symbol).toBe("USD/AED");
    expect(market.findInstrument("Bitcoin")?.symbol).toBe("BTC");
    expect(market.findInstrument("nothing")).toBeUndefined();
    expect(market.exchange("TADAWUL")).toMatchObject({ open: "10:00", close: "15:00" });
  });
});
