import { describe, expect, it } from "vitest";
import { CATALOGUE, publicInstrument } from "#server/market/catalogue";
import { EXCHANGES } from "#server/market/exchanges";
import ar from "~/locales/ar/market.json";
import en from "~/locales/en/market.json";
import { instrumentHref, instrumentName } from "./format";

describe("instrument names by page language", () => {
  const byId = (symbol: string) => {
    const entry = CATALOGUE.find((e) => e.symbol === symbol);
    if (!entry) throw new Error(symbol);
    return publicInstrument(entry);
  };

  it("the catalogue the browser gets carries every instrument's Arabic name", () => {
    for (const entry of CATALOGUE) {
      const nameAr = publicInstrument(entry).nameAr;
      expect(nameAr, entry.symbol).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it("Arabic pages show the Arabic name, English pages the English one", () => {
    const usdAed = byId("USD/AED");
    expect(instrumentName(usdAed, "ar")).toBe("الدولار الأمريكي مقابل الدرهم الإماراتي");
    expect(instrumentName(usdAed, "en")).toBe("US Dollar / UAE Dirham");
    expect(instrumentHref(usdAed.symbol)).toBe("/markets/usd-aed");
  });

  it("falls back to the English name when an instrument has no Arabic one", () => {
    expect(instrumentName({ name: "New Index" }, "ar")).toBe("New Index");
  });
});

describe("exchange names", () => {
  it("the catalogs name every exchange: English as the server does, Arabic in Arabic", () => {
    const enNames: Record<string, string> = en.exchanges;
    const arNames: Record<string, string> = ar.exchanges;
    for (const [id, exchange] of Object.entries(EXCHANGES)) {
      expect(enNames[id], id).toBe(exchange.name);
      expect(arNames[id], id).toMatch(/\p{Script=Arabic}/u);
    }
  });
});
