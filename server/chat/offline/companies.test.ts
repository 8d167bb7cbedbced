import { describe, expect, it } from "vitest";
import { EXCHANGES, exchangeInfo } from "#server/market/exchanges";
import type { Instrument, MarketService } from "#server/market/types";
import type { CompactQuote } from "../tools/quote-format";
import { companies } from "./companies";
import { COPY } from "./copy";
import { readerClock } from "./reader-time";

const first = (text: string) => companies().find(text)[0]?.listing.symbol;

describe("companies by the names readers use", () => {
  it.each([
    ["How did Emirates NBD do today?", "EMIRATESNBD"],
    ["كيف كان أداء بنك الإمارات دبي الوطني اليوم؟", "EMIRATESNBD"],
    ["ENBD price", "EMIRATESNBD"],
    ["سعر الراجحي", "1120"],
    ["وللراجحي", "1120"],
    ["صندوق الراجحي ريت", "4340"],
    ["كم سعر أرامكو؟", "2222"],
    ["What is Almarai at", "2280"],
    ["price of Qatar Islamic Bank", "QIBK"],
    ["How is Tadawul Group doing?", "1111"],
    ["National Bank of Kuwait S.A.K.P.", "NBK"],
    ["سعر سهم سابك", "2010"],
  ])("%s → %s", (text, symbol) => {
    expect(first(text)).toBe(symbol);
  });

  it("reads no company in the question's own words", () => {
    expect(companies().find("How did the market do today? What is the price range this week?")).toEqual([]);
    expect(companies().find("كم سعر السهم اليوم في السوق؟")).toEqual([]);
  });

  it("names a listed company in Arabic by its Arabic name from the universe", () => {
    expect(COPY.ar.name("EMIRATESNBD", "Emirates NBD Bank PJSC")).toBe("بنك الإمارات دبي الوطني");
    expect(COPY.en.name("EMIRATESNBD", "Emirates NBD Bank PJSC")).toBe("Emirates NBD Bank PJSC");
  });
});

describe("times for the reader", () => {
  // Saturday 28 November 2026, 12:00 GMT: Tadawul (Sunday–Thursday) is closed.
  const saturday = Date.UTC(2026, 10, 28, 12);
  const market = {
    findInstrument: () => ({ exchange: "TADAWUL" }) as Instrument,
    exchange: (id: string) => exchangeInfo(EXCHANGES[id]!, saturday),
  } as unknown as MarketService;
  const closed = { symbol: "1120", marketOpen: false } as CompactQuote;

  it("says on a closed day that the market is closed and when its last session closed, zone named", () => {
    const dubai = readerClock({ lang: "en", timeZone: "Asia/Dubai", market }).session(closed);
    expect(dubai).toContain(
      "The market is closed now: its last session closed Thu, 26 Nov 2026 16:00 Gulf Standard Time (Asia/Dubai)",
    );
    expect(dubai).toContain("opens again Sun, 29 Nov 2026 11:00 Gulf Standard Time");
    const riyadh = readerClock({ lang: "ar", timeZone: "Asia/Riyadh", market }).session(closed);
    expect(riyadh).toContain(
      "السوق مغلقة الآن: أُغلقت آخر جلسة الخميس، 26 نوفمبر 2026 15:00 التوقيت العربي الرسمي",
    );
    expect(readerClock({ lang: "en", market }).session({ ...closed, marketOpen: true })).toBe("");
  });

  it("gives a time in the reader's zone, or GMT named when the reader chose none", () => {
    const at = "2026-12-01T20:00:00Z";
    expect(readerClock({ lang: "en", timeZone: "Asia/Dubai" }).dateTime(at)).toBe(
      "Wed, 2 Dec 2026 00:00 Gulf Standard Time (Asia/Dubai)",
    );
    expect(readerClock({ lang: "en" }).dateTime(at)).toBe("2026-12-01 20:00 GMT");
    expect(readerClock({ lang: "ar" }).time(at)).toBe("20:00 بتوقيت غرينتش");
  });
});
