import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { instruments } from "#server/db/schema";
import type { Services } from "#server/services";
import { createTestServices } from "#server/testing/test-services";
import { createInstrumentDirectory, loadShippedListings, shippedListingsText } from "./index";
import { listingSourceFromConfig, newListingsFrom, refreshListings } from "./refresh";
import { LISTINGS_HASH_KEY, seedListings } from "./store";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

let s: Services;
let provider: Server;
let providerUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  s = await createTestServices();
  provider = createServer((req, res) => {
    requests.push(`${req.url} ${req.headers.authorization}`);
    const url = new URL(req.url ?? "/", "http://x");
    if (req.headers.authorization !== "apikey test-key") {
      res.writeHead(401, { "content-type": "application/json" }).end(fixture("twelvedata-error-401.json"));
    } else if (url.searchParams.get("mic_code") === "XADS") {
      res.writeHead(200, { "content-type": "application/json" }).end(fixture("twelvedata-stocks-xads.json"));
    } else if (url.searchParams.get("mic_code") === "XDFM") {
      res.writeHead(502, { "content-type": "text/html" }).end("<html><body>Bad gateway</body></html>");
    } else {
      res.writeHead(200, { "content-type": "application/json" }).end('{"data":[],"status":"ok"}');
    }
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  provider?.close();
  await s?.close();
});

describe("instruments table", () => {
  it("is seeded from the shipped file at start, and not again while the file is unchanged", async () => {
    const [row] = await s.db.select({ n: count() }).from(instruments);
    expect(row?.n).toBe(loadShippedListings().length);
    expect(s.settings.get(LISTINGS_HASH_KEY, "")).toMatch(/^[0-9a-f]{64}$/);
    // A row changed in the table survives a restart with the same file (the seed is skipped)...
    await s.db.update(instruments).set({ sector: "changed" }).where(eq(instruments.symbol, "2280"));
    expect(await seedListings(s.db, s.settings, loadShippedListings(), shippedListingsText())).toBe(0);
    // ...and a new file rewrites every row in one upsert.
    await s.settings.set(LISTINGS_HASH_KEY, "old");
    const t0 = performance.now();
    expect(await seedListings(s.db, s.settings, loadShippedListings(), shippedListingsText())).toBe(
      loadShippedListings().length,
    );
    console.info(
      `seed upsert of ${loadShippedListings().length} rows: ${(performance.now() - t0).toFixed(0)} ms`,
    );
    const [almarai] = await s.db.select().from(instruments).where(eq(instruments.symbol, "2280"));
    expect(almarai?.sector).toBe("Food & Beverages");
  });

  it("the directory answers from the table after a reload", async () => {
    const directory = createInstrumentDirectory(s.database);
    await s.db.insert(instruments).values({
      symbol: "TESTCO",
      name: "Test Listing Co",
      nameAr: "Test Listing Co",
      nameArMissing: true,
      exchange: "ADX",
      sector: "Unclassified",
      currency: "AED",
      tickers: {},
      source: "test",
    });
    expect(await directory.get("TESTCO")).toBeUndefined();
    await directory.reload();
    expect((await directory.search("test listing"))[0]?.symbol).toBe("TESTCO");
    await s.db.delete(instruments).where(eq(instruments.symbol, "TESTCO"));
  });
});

describe("listing refresh from a provider (recorded answers on loopback)", () => {
  it("adds the provider's new companies, flagged, and leaves known ones alone", async () => {
    const directory = createInstrumentDirectory(s.database);
    await directory.reload();
    const before = await directory.get("ALDAR");
    const added = await refreshListings({
      db: s.db,
      log: s.log,
      bus: s.bus,
      directory,
      source: { baseUrl: providerUrl, apiKey: "test-key" },
    });
    expect(added).toBe(2);
    // Every process reloads over the bus: the site's directory, site search and the sitemap see it.
    await vi.waitFor(async () => expect(await s.instruments.get("AGTHIA")).toBeDefined());
    const found = (await s.search.search("Agthia")).results.map((r) => r.url);
    expect(found).toContain("/markets/agthia");
    expect(await s.seo.sitemap()).toContain("/markets/agthia</loc>");
    // The market knows it too: its page is found and an alert can name it.
    await vi.waitFor(() => expect(s.market.findInstrument("AGTHIA")?.name).toBe("Agthia Group PJSC"));
    const agthia = await directory.get("AGTHIA");
    expect(agthia).toMatchObject({
      name: "Agthia Group PJSC",
      nameArMissing: true,
      exchange: "ADX",
      currency: "AED",
      tickers: { yahoo: "AGTHIA.AE", twelveData: "AGTHIA" },
      source: "twelvedata",
    });
    expect(await directory.get("ALDAR")).toEqual(before);
    expect(requests.some((r) => r.includes("mic_code=XSAU") && r.endsWith("apikey test-key"))).toBe(true);
    // Nothing new the second time.
    expect(
      await refreshListings({
        db: s.db,
        log: s.log,
        directory,
        source: { baseUrl: providerUrl, apiKey: "test-key" },
      }),
    ).toBe(0);
  });

  it("a wrong key adds nothing (every exchange fails with the provider's message)", async () => {
    const directory = createInstrumentDirectory(s.database);
    await directory.reload();
    const n = (await directory.all()).length;
    expect(
      await refreshListings({
        db: s.db,
        log: s.log,
        directory,
        source: { baseUrl: providerUrl, apiKey: "wrong" },
      }),
    ).toBe(0);
    expect((await directory.all()).length).toBe(n);
  });

  it("a code another exchange uses gets the exchange's suffix; existing symbols never change", () => {
    const known = loadShippedListings();
    const fresh = newListingsFrom(
      "BOURSA_KUWAIT",
      [
        { code: "FAB", name: "Same Code Elsewhere" },
        { code: "NEWCO", name: "New Co" },
      ],
      known,
      "twelvedata",
    );
    expect(fresh.map((l) => l.symbol)).toEqual(["FAB.KW", "NEWCO"]);
    expect(fresh[0]?.tickers).toEqual({ twelveData: "FAB", yahoo: "FAB.KW" });
    expect(fresh[1]?.currency).toBe("KWD");
  });
});

describe("listing refresh job", () => {
  it("is registered only when a Twelve Data key is configured", () => {
    expect(listingSourceFromConfig({ TWELVE_DATA_BASE_URL: "https://td.example" })).toBeUndefined();
    expect(
      listingSourceFromConfig({ TWELVE_DATA_API_KEY: "k", TWELVE_DATA_BASE_URL: "https://td.example" }),
    ).toEqual({ apiKey: "k", baseUrl: "https://td.example" });
    expect(s.jobs.status().some((j) => j.name === "instruments-refresh")).toBe(false);
  });
});
