import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

/** Instrument results carry their facts, so an Arabic page names them in Arabic. */

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(() => s.close());

describe("instrument facts in search results", () => {
  it("a curated company: symbol, Arabic name, category, country, exchange and currency", async () => {
    const { results } = await s.search.search("أرامكو");
    const aramco = results.find((r) => r.source === "instrument" && r.title.startsWith("2222"));
    expect(aramco?.instrument).toMatchObject({
      symbol: "2222",
      name: "Saudi Aramco",
      category: "gulfStocks",
      country: "Saudi Arabia",
      exchange: "TADAWUL",
      currency: "SAR",
    });
    expect(aramco?.instrument?.nameAr).toMatch(/أرامكو/);
  });

  it("a listed company: its sector and exchange's country; other results carry none", async () => {
    const { results } = await s.search.search("الراجحي");
    const listed = results.filter((r) => r.source === "instrument");
    expect(listed.length).toBeGreaterThan(0);
    for (const r of listed) {
      expect(r.instrument?.symbol).toBe(r.title.split(" — ")[0]);
      expect(r.instrument?.country).toBeTruthy();
    }
    expect(listed.some((r) => r.instrument?.sector)).toBe(true);
    const { results: pages } = await s.search.search("privacy");
    expect(pages.every((r) => r.source === "instrument" || r.instrument === undefined)).toBe(true);
  });
});
