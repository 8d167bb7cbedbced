/**
 * Every listed company is part of the site: its page is in the sitemap (both languages) and site
 * search finds it by symbol, English name or Arabic name, linking to /markets/:symbol.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#server/services";
import { createTestServices } from "#server/testing/test-services";
import { loadShippedListings } from "./index";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const find = async (q: string) => (await s.search.search(q, { limit: 20 })).results;

describe("listed companies on the site", () => {
  it("site search finds a listing by English name, Arabic name and symbol", async () => {
    const byName = await find("Almarai");
    expect(byName.find((r) => r.url === "/markets/2280")?.title).toContain("Almarai");
    const byArabic = await find("المراعي");
    expect(byArabic.map((r) => r.url)).toContain("/markets/2280");
    const bySymbol = await find("ADNOCDRILL");
    expect(bySymbol.map((r) => r.url)).toContain("/markets/adnocdrill");
  });

  it("the sitemap lists every listing's page in English and Arabic", async () => {
    const xml = await s.seo.sitemap();
    const listings = loadShippedListings();
    const missing = listings.filter(
      (l) =>
        !xml.includes(`/markets/${encodeURIComponent(l.symbol.toLowerCase())}</loc>`) ||
        !xml.includes(`/ar/markets/${encodeURIComponent(l.symbol.toLowerCase())}</loc>`),
    );
    expect(missing.map((l) => l.symbol)).toEqual([]);
    console.info(`sitemap: ${listings.length} listings × 2 languages present`);
  });
});
