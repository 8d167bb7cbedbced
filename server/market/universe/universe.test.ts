import { describe, expect, it } from "vitest";
import { parseInstrumentsQuery } from "#common/instruments";
import { AR_INSTRUMENTS } from "../arabic-names";
import { CATALOGUE } from "../catalogue";
import { createInstrumentsService } from "./api";
import {
  createInstrumentDirectory,
  loadShippedListings,
  parseListingsFile,
  shippedListingsText,
} from "./index";
import { createListingIndex, normalizeForSearch } from "./search-index";
import { EXCHANGES } from "./types";

describe("shipped listings", () => {
  const listings = loadShippedListings();

  it("validates: unique symbols, known exchanges, every row cites a declared source", () => {
    const counts = Object.fromEntries(EXCHANGES.map((e) => [e, 0]));
    for (const l of listings) counts[l.exchange]! += 1;
    const nomu = listings.filter((l) => l.board === "nomu").length;
    const arabic = listings.filter((l) => !l.nameArMissing).length;
    console.info("listings per exchange", counts, { nomu, withArabicName: arabic, total: listings.length });
    expect(new Set(listings.map((l) => l.symbol)).size).toBe(listings.length);
    expect(counts.TADAWUL).toBeGreaterThan(250);
    expect(counts.QSE).toBeGreaterThan(40);
    expect(counts.BOURSA_KUWAIT).toBeGreaterThan(130);
    expect(counts.MSX).toBeGreaterThan(80);
    expect(counts.DFM).toBeGreaterThan(40);
    expect(counts.ADX).toBeGreaterThan(75);
    expect(counts.BAHRAIN).toBeGreaterThan(35);
    expect(nomu).toBeGreaterThan(50);
    for (const l of listings) expect(l.source).toBeTruthy();
  });

  it("keeps the curated stocks' symbols and Arabic names", () => {
    for (const symbol of ["2222", "1120", "EMAAR", "FAB", "QNBK"]) {
      const entry = CATALOGUE.find((c) => c.symbol === symbol)!;
      const listing = listings.find((l) => l.symbol === symbol)!;
      expect(listing.nameAr).toBe(AR_INSTRUMENTS[symbol]?.name);
      expect(listing.exchange).toBe(entry.exchange);
    }
  });

  it("has an Arabic name for most listings on the larger exchanges", () => {
    const share = (exchange: string) => {
      const rows = listings.filter((l) => l.exchange === exchange);
      return rows.filter((l) => !l.nameArMissing).length / rows.length;
    };
    for (const exchange of ["TADAWUL", "DFM", "ADX", "QSE", "BOURSA_KUWAIT", "MSX", "ASE"])
      expect(share(exchange), exchange).toBeGreaterThanOrEqual(0.95);
    // Bahrain Bourse: too few public witnesses for its last four names yet (SOURCES.md).
    expect(share("BAHRAIN"), "BAHRAIN").toBeGreaterThanOrEqual(0.85);
  });

  it("names companies whose Arabic names needed a second witness, and keeps no delisted code", () => {
    const ar = (symbol: string) => listings.find((l) => l.symbol === symbol)?.nameAr;
    // Witnesses that agree: Union Properties (DFM), IHC (ADX), NIND (Boursa Kuwait).
    expect(ar("UPP")).toBe("الاتحاد العقارية");
    expect(ar("IHC")).toBe("العالمية القابضة");
    expect(ar("NIND")).toBe("مجموعة الصناعات الوطنية القابضة");
    // The Kuwaiti scanner's official name and the Fils trading name agree (KINV), or disagree
    // (Action Energy: «العملية للطاقة» against «ألف طاقة»), and then no Arabic name ships.
    expect(ar("KINV")).toBe("الكويتية للاستثمار");
    expect(listings.find((l) => l.symbol === "ALFTAQA")?.nameArMissing).toBe(true);
    // Lulu (ADX), Ahli Bank and Oman Cement (MSX): independent lists agree. Renaissance (MSX): one
    // list transliterates «ريسانس», another gives the company's name «النهضة للخدمات», which ships
    // as team-checked; Sahara Hospitality, whose one witness the team could not confirm, does not.
    expect(ar("LULU")).toBe("لولو للتجزئة القابضة");
    expect(ar("ABOB")).toBe("البنك الأهلي");
    expect(ar("OCOI")).toBe("أسمنت عمان");
    expect(ar("RNSS")).toBe("النهضة للخدمات");
    expect(listings.find((l) => l.symbol === "RNSS")?.source).toMatch(/-team$/);
    expect(listings.find((l) => l.symbol === "SAHS")?.nameArMissing).toBe(true);
    // Bahrain Flour Mills: two Bahraini newspapers give the official «البحرين لمطاحن الدقيق», not the
    // shorter «مطاحن البحرين» of a food-company directory; BASREC's one witness is team-checked.
    expect(ar("BFM")).toBe("البحرين لمطاحن الدقيق");
    expect(ar("BASREC")).toBe("البحرين لتصليح السفن والهندسة");
    expect(listings.find((l) => l.symbol === "BASREC")?.source).toMatch(/-team$/);
    // Team-checked against the official name: Qatar Islamic Bank is a «مصرف», not a «بنك».
    expect(ar("QIBK")).toBe("مصرف قطر الإسلامي");
    expect(listings.find((l) => l.symbol === "QIBK")?.source).toMatch(/-team$/);
    // Al Khaliji merged into Masraf Al Rayan; Multiply became 2PointZero (listed as 2POINTZERO).
    expect(listings.some((l) => l.symbol === "KCBK" || l.symbol === "MULTIPLY")).toBe(false);
    expect(listings.some((l) => l.symbol === "2POINTZERO")).toBe(true);
  });

  it("flags a missing Arabic name instead of inventing one", () => {
    for (const l of listings) {
      if (l.nameArMissing) expect(l.nameAr).toBe(l.name);
      else expect(l.nameAr).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it("refuses a file with a duplicate symbol or an undeclared source", () => {
    const file = JSON.parse(shippedListingsText());
    const dup = { ...file, listings: [file.listings[0], file.listings[0]] };
    expect(() => parseListingsFile(JSON.stringify(dup))).toThrow(/duplicate symbol/);
    const bad = { ...file, listings: [{ ...file.listings[0], source: "nowhere" }] };
    expect(() => parseListingsFile(JSON.stringify(bad))).toThrow(/undeclared source/);
    const noName = { ...file, listings: [{ ...file.listings[0], name: "" }] };
    expect(() => parseListingsFile(JSON.stringify(noName))).toThrow();
  });
});

describe("directory search", () => {
  const directory = createInstrumentDirectory();

  it("finds by Arabic name, ignoring hamza forms, ta marbuta and the article", async () => {
    expect((await directory.search("المراعي")).map((l) => l.symbol)).toContain("2280");
    expect((await directory.search("مراعي"))[0]?.symbol).toBe("2280");
    expect((await directory.search("الراجحى"))[0]?.symbol).toBe("1120");
    expect((await directory.search("اعمار العقاريه"))[0]?.symbol).toBe("EMAAR");
    expect((await directory.search("ادنوك للحفر"))[0]?.symbol).toBe("ADNOCDRILL");
  });

  it("finds UAE companies by their Arabic names, the name as typed before one without its article", async () => {
    expect((await directory.search("الدار"))[0]?.symbol).toBe("ALDAR");
    expect((await directory.search("العالمية القابضة"))[0]?.symbol).toBe("IHC");
    expect((await directory.search("الاتحاد العقارية"))[0]?.symbol).toBe("UPP");
    expect((await directory.search("الدار العقارية"))[0]?.symbol).toBe("ALDAR");
    expect((await directory.search("العربية للطيران"))[0]?.symbol).toBe("AIRARABIA");
    expect((await directory.search("موانئ أبوظبي"))[0]?.symbol).toBe("ADPORTS");
    // Without the article the word still finds Dar Al Arkan.
    expect((await directory.search("دار")).map((l) => l.symbol)).toContain("4300");
  });

  it("finds by symbol prefix first, then English name words", async () => {
    const byPrefix = await directory.search("222");
    expect(byPrefix.map((l) => l.symbol)).toContain("2222");
    expect((await directory.search("2222"))[0]?.symbol).toBe("2222");
    expect(byPrefix.every((l) => l.symbol.startsWith("222"))).toBe(true);
    expect((await directory.search("almarai"))[0]?.symbol).toBe("2280");
    expect((await directory.search("adnoc drilling"))[0]?.symbol).toBe("ADNOCDRILL");
  });

  it("filters by exchange and honours the limit", async () => {
    const qse = await directory.search("bank", { exchange: "QSE", limit: 3 });
    expect(qse.length).toBe(3);
    expect(qse.every((l) => l.exchange === "QSE")).toBe(true);
  });

  it("gets a listing by symbol, case-insensitively", async () => {
    expect((await directory.get("adnocdrill"))?.exchange).toBe("ADX");
    expect(await directory.get("NOPE")).toBeUndefined();
  });

  it("normalizes Arabic-Indic digits and punctuation", () => {
    expect(normalizeForSearch("٢٢٢٢")).toBe("2222");
    expect(normalizeForSearch("Al-Rajhi  Bank")).toBe("al rajhi bank");
  });

  it("stays fast over ten thousand listings", () => {
    const base = loadShippedListings();
    const many = Array.from({ length: 30 }, (_, i) =>
      base.map((l) => ({ ...l, symbol: `${l.symbol}X${i}` })),
    ).flat();
    const index = createListingIndex(many);
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) index.search("الراجحي");
    console.info(`search over ${many.length} listings: ${((performance.now() - t0) / 20).toFixed(2)} ms`);
  });
});

describe("instrument summaries (GET /api/instruments)", () => {
  const service = createInstrumentsService(createInstrumentDirectory(), () =>
    CATALOGUE.map((c) => ({ ...c, nameAr: AR_INSTRUMENTS[c.symbol]?.name })),
  );

  it("returns listings, then curated non-equity instruments that match", async () => {
    const gold = await service.summaries({ q: "gold", limit: 20 });
    expect(gold.map((i) => i.symbol)).toContain("GOLD");
    const ar = await service.summaries({ q: "الذهب", limit: 20 });
    expect(ar[0]?.symbol).toBe("GOLD");
    const aramco = await service.summaries({ q: "2222", limit: 5 });
    expect(aramco[0]).toEqual({
      symbol: "2222",
      name: "Saudi Aramco",
      nameAr: "أرامكو السعودية",
      exchange: "TADAWUL",
      sector: "Energy",
      currency: "SAR",
    });
  });

  it("with an exchange filter, only that exchange's listings", async () => {
    const adx = await service.summaries({ q: "", exchange: "ADX", limit: 50 });
    expect(adx.length).toBeGreaterThan(10);
    expect(adx.every((i) => i.exchange === "ADX")).toBe(true);
  });

  it("rejects bad parameters with a message", () => {
    const bad = (qs: string) => parseInstrumentsQuery(new URLSearchParams(qs));
    expect(bad("exchange=NASDAQ")).toEqual({ ok: false, error: expect.stringMatching(/^exchange: one of/) });
    expect(bad("limit=0")).toEqual({ ok: false, error: "limit: at least 1" });
    expect(bad("limit=51")).toEqual({ ok: false, error: "limit: at most 50" });
    expect(bad("limit=abc")).toEqual({ ok: false, error: "limit: a whole number" });
    expect(bad("limit=2.5")).toEqual({ ok: false, error: "limit: a whole number" });
    expect(bad(`q=${"x".repeat(101)}`)).toEqual({ ok: false, error: "q: at most 100 characters" });
    expect(bad("q=a&q=b")).toEqual({ ok: false, error: "q: give it once" });
    expect(bad("q=emaar&exchange=DFM&limit=5")).toEqual({
      ok: true,
      query: { q: "emaar", exchange: "DFM", limit: 5 },
    });
  });
});
