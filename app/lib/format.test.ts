import { describe, expect, it } from "vitest";
import { digitsFromCookie, getFormat } from "./format";

const at = Date.UTC(2024, 8, 5, 14, 3, 5); // Thursday 5 September 2024, 14:03:05 GMT
const LRM = "\u200e";
const RLM = "\u200f";
const ALM = "\u061c";
/** The text without bidi marks and with plain spaces, to compare the visible characters. */
const visible = (s: string) => s.replace(/[\u200e\u200f\u061c]/g, "").replace(/\u00a0/g, " ");
const ARABIC_INDIC = /[\u0660-\u0669]/;

describe("English keeps the site's original formats", () => {
  const f = getFormat("en");
  it("numbers, prices, changes and percentages", () => {
    expect(f.price(1234.5, 2)).toBe("1,234.50");
    expect(f.price(3.6725, 4)).toBe("3.6725");
    expect(f.target(3.67251234)).toBe("3.672512");
    expect(f.integer(2000)).toBe("2,000");
    expect(f.fixed(4.5, 1)).toBe("4.5");
    expect(f.fixed(-0.456, 2)).toBe("-0.46");
    expect(f.change(1.25, 2)).toBe("+1.25");
    expect(f.change(-0.004, 4)).toBe("-0.0040");
    expect(f.change(0, 2)).toBe("0.00");
    expect(f.changePercent(1.234)).toBe("+1.23%");
    expect(f.changePercent(-0.5)).toBe("-0.50%");
    expect(f.percent(85)).toBe("85%");
    expect(f.compact(50_000)).toBe("50K");
    expect(f.currency(1234.5, "AED")).toBe("AED\u00a01,234.50");
    expect(f.amountText("$1,000")).toBe("$1,000");
  });

  it("dates and GMT times", () => {
    expect(f.date(at)).toBe("5 Sep 2024");
    expect(f.dateTime(new Date(at).toISOString())).toBe("5 Sep 2024, 14:03");
    expect(f.mediumDate(at)).toBe("Sep 5, 2024");
    expect(f.mediumDateTime(at)).toBe("Sep 5, 2024, 2:03 PM GMT");
    expect(f.weekdayDate(at)).toMatch(/^Thu, 5 Sept? 2024$/);
    expect(f.weekday(at)).toBe("Thu");
    expect(f.gmtTime(at)).toBe("14:03 GMT");
    expect(f.gmtClock(at)).toBe("14:03:05");
    expect(f.gmtDayTime(at)).toMatch(/^5 Sept?, 14:03 GMT$/);
    expect(f.gmtStamp(at)).toMatch(/^Thu, 5 Sept? 2024, 14:03:05 GMT$/);
  });

  it("relative times against the loader's clock, the date after a month", () => {
    expect(f.relative(at - 20_000, at)).toBe("1 minute ago");
    expect(f.relative(at - 5 * 60_000, at)).toBe("5 minutes ago");
    expect(f.relative(at - 2 * 3_600_000, at)).toBe("2 hours ago");
    expect(f.relative(at - 3 * 86_400_000, at)).toBe("3 days ago");
    expect(f.relative(at - 40 * 86_400_000, at)).toBe("27 Jul 2024");
  });

  it("Arabic-Indic digits when asked, in English too", () => {
    const a = getFormat("en", "arab");
    expect(a.price(1234.5, 2)).toBe("١٬٢٣٤٫٥٠");
    expect(a.change(-1.5, 2)).toBe("-١٫٥٠");
    expect(a.date(at)).toBe("٥ Sep ٢٠٢٤");
    expect(a.gmtClock(at)).toBe("١٤:٠٣:٠٥");
  });
});

describe("Arabic", () => {
  const f = getFormat("ar");
  const a = getFormat("ar", "arab");

  it("Western digits by default, with Arabic separators only when Arabic-Indic", () => {
    expect(f.price(1234.5, 2)).toBe("1,234.50");
    expect(f.price(3.6725, 4)).toBe("3.6725");
    expect(f.integer(2000)).toBe("2,000");
    expect(a.price(1234.5, 2)).toBe("١٬٢٣٤٫٥٠");
    expect(a.price(3.6725, 4)).toBe("٣٫٦٧٢٥");
    expect(ARABIC_INDIC.test(f.price(1, 2))).toBe(false);
  });

  it("signs and percent signs stay with their digits (bidi marks, not a reversed run)", () => {
    expect(f.change(1.25, 2)).toBe(`${LRM}+1.25`);
    expect(f.change(-0.004, 4)).toBe(`${LRM}-0.0040`);
    expect(f.change(0, 2)).toBe("0.00");
    expect(visible(f.changePercent(1.234))).toBe("+1.23%");
    expect(f.changePercent(1.234).startsWith(LRM)).toBe(true);
    expect(a.change(-1.5, 2)).toBe(`${ALM}-١٫٥٠`);
    expect(visible(a.changePercent(-0.5))).toBe("-٠٫٥٠٪");
    expect(visible(f.percent(85))).toBe("85%");
    expect(visible(a.percent(85))).toBe("٨٥٪");
  });

  it("a currency code comes after the number, as Intl places it for ar, never inside the digits", () => {
    const intl = new Intl.NumberFormat("ar", {
      style: "currency",
      currency: "AED",
      currencyDisplay: "code",
      numberingSystem: "latn",
    }).format(1234.5);
    expect(f.currency(1234.5, "AED")).toBe(intl);
    expect(visible(f.currency(1234.5, "AED"))).toBe("1,234.50 AED");
    expect(f.currency(1234.5, "AED").startsWith(RLM)).toBe(true);
    expect(visible(a.currency(1234.5, "AED"))).toBe("١٬٢٣٤٫٥٠ AED");
    // An editor's "$1,000" (a broker's minimum deposit) is read as dollars and placed the same way.
    expect(visible(f.amountText("$1,000"))).toBe("1,000 USD");
    expect(visible(a.amountText("250 EUR"))).toBe("٢٥٠ EUR");
    expect(f.amountText("From 100 dollars")).toBe("From 100 dollars");
  });

  it("compact counts", () => {
    expect(visible(f.compact(50_000))).toBe("50 ألف");
    expect(visible(a.compact(50_000))).toBe("٥٠ ألف");
  });

  it("dates and times in the ar locale, GMT kept", () => {
    expect(f.date(at)).toBe("5 سبتمبر 2024");
    expect(a.date(at)).toBe("٥ سبتمبر ٢٠٢٤");
    expect(f.mediumDate(at)).toBe("5 سبتمبر 2024");
    expect(f.weekdayDate(at)).toBe("الخميس، 5 سبتمبر 2024");
    expect(f.weekday(at)).toBe("الخميس");
    expect(f.gmtTime(at)).toBe("14:03 GMT");
    expect(a.gmtTime(at)).toBe("١٤:٠٣ GMT");
    expect(f.gmtClock(at)).toBe("14:03:05");
    expect(f.gmtDayTime(at)).toMatch(/^5 سبتمبر.*14:03 GMT$/);
    expect(f.gmtStamp(at)).toBe("الخميس، 5 سبتمبر 2024، 14:03:05 GMT");
    expect(f.dateTime(at)).toMatch(/^5 سبتمبر 2024.*14:03$/);
    expect(f.mediumDateTime(at)).toMatch(/14:03 GMT$/);
    // Times in UTC whatever the machine's zone: 23:30 GMT is still the 5th.
    expect(f.date(Date.UTC(2024, 8, 5, 23, 30))).toBe("5 سبتمبر 2024");
  });

  it("ready-made texts and chart axis labels follow the digits setting", () => {
    expect(f.digitsIn("10:00–14:00")).toBe("10:00–14:00");
    expect(a.digitsIn("10:00–14:00 GMT+4")).toBe("١٠:٠٠–١٤:٠٠ GMT+٤");
    expect(f.axis(at, "month")).toBe("سبتمبر");
    expect(a.axis(at, "time")).toBe("١٤:٠٣");
    expect(a.axis(at, "year")).toBe("٢٠٢٤");
    expect(getFormat("en").axis(at, "time")).toBe("14:03");
  });

  it("relative times", () => {
    expect(f.relative(at - 2 * 3_600_000, at)).toBe("قبل ساعتين");
    expect(a.relative(at - 3 * 86_400_000, at)).toBe("قبل ٣ أيام");
    expect(f.relative(at - 40 * 86_400_000, at)).toBe("27 يوليو 2024");
  });
});

describe("digits cookie", () => {
  it("reads arab or latn, Western digits for anything else", () => {
    expect(digitsFromCookie("theme=dark; digits=arab")).toBe("arab");
    expect(digitsFromCookie("digits=latn")).toBe("latn");
    expect(digitsFromCookie("digits=hanidec")).toBe("latn");
    expect(digitsFromCookie("xdigits=arab")).toBe("latn");
    expect(digitsFromCookie(null)).toBe("latn");
  });
});
