import { describe, expect, it } from "vitest";
import { utcOffsetMinutes } from "#common/zoned-time";
import { EXCHANGES, exchangeInfo, isOpen, lastClose, nextOpen, sessionDate } from "./exchanges";

const at = (iso: string) => Date.parse(iso);
const open = (id: string, iso: string) => isOpen(EXCHANGES[id]!, at(iso));

describe("exchange calendars", () => {
  // 2026-11-22 is a Sunday; 2026-11-20 a Friday, 2026-11-21 a Saturday.
  it("Tadawul trades Sunday to Thursday 10:00-15:00 Riyadh time (UTC+3)", () => {
    expect(open("TADAWUL", "2026-11-22T06:59:00Z")).toBe(false);
    expect(open("TADAWUL", "2026-11-22T07:00:00Z")).toBe(true);
    expect(open("TADAWUL", "2026-11-22T11:59:00Z")).toBe(true);
    expect(open("TADAWUL", "2026-11-22T12:00:00Z")).toBe(false);
    expect(open("TADAWUL", "2026-11-26T08:00:00Z")).toBe(true); // Thursday
    expect(open("TADAWUL", "2026-11-20T08:00:00Z")).toBe(false); // Friday
    expect(open("TADAWUL", "2026-11-21T08:00:00Z")).toBe(false); // Saturday
  });

  it("DFM and ADX trade Monday to Friday in Dubai time (UTC+4); ADX closes at 14:45", () => {
    expect(open("DFM", "2026-11-22T08:00:00Z")).toBe(false); // Sunday
    expect(open("DFM", "2026-11-23T06:00:00Z")).toBe(true); // Monday 10:00
    expect(open("DFM", "2026-11-23T10:59:00Z")).toBe(true);
    expect(open("DFM", "2026-11-23T11:00:00Z")).toBe(false);
    expect(open("DFM", "2026-11-20T08:00:00Z")).toBe(true); // Friday
    expect(open("ADX", "2026-11-23T10:44:00Z")).toBe(true);
    expect(open("ADX", "2026-11-23T10:45:00Z")).toBe(false);
  });

  it("Kuwait, Qatar, Bahrain, Muscat and Amman keep their own hours", () => {
    expect(open("BOURSA_KUWAIT", "2026-11-22T05:59:00Z")).toBe(false);
    expect(open("BOURSA_KUWAIT", "2026-11-22T06:00:00Z")).toBe(true); // 09:00 Kuwait
    expect(open("BOURSA_KUWAIT", "2026-11-22T10:00:00Z")).toBe(false); // 13:00
    expect(open("QSE", "2026-11-22T06:29:00Z")).toBe(false);
    expect(open("QSE", "2026-11-22T06:30:00Z")).toBe(true); // 09:30 Doha
    expect(open("BAHRAIN", "2026-11-22T09:59:00Z")).toBe(true);
    expect(open("BAHRAIN", "2026-11-22T10:00:00Z")).toBe(false);
    expect(open("MSX", "2026-11-23T06:00:00Z")).toBe(true); // 10:00 Muscat (UTC+4)
    expect(open("MSX", "2026-11-23T10:00:00Z")).toBe(false);
    expect(open("ASE", "2026-11-22T07:29:00Z")).toBe(false);
    expect(open("ASE", "2026-11-22T07:30:00Z")).toBe(true); // 10:30 Amman (UTC+3 all year)
    expect(open("ASE", "2026-11-22T10:30:00Z")).toBe(false);
  });

  it("US indices follow New York time through daylight saving, and skip holidays", () => {
    expect(open("NYSE", "2026-07-15T13:29:00Z")).toBe(false);
    expect(open("NYSE", "2026-07-15T13:30:00Z")).toBe(true); // 09:30 EDT
    expect(open("NYSE", "2026-11-18T13:30:00Z")).toBe(false); // 08:30 EST
    expect(open("NYSE", "2026-11-18T14:30:00Z")).toBe(true);
    expect(open("NYSE", "2026-11-18T20:59:00Z")).toBe(true);
    expect(open("NYSE", "2026-11-18T21:00:00Z")).toBe(false);
    expect(open("NYSE", "2026-11-26T16:00:00Z")).toBe(false); // Thanksgiving
  });

  it("FX trades around the clock Monday to Friday; crypto every day", () => {
    expect(open("FX", "2026-11-21T12:00:00Z")).toBe(false); // Saturday
    expect(open("FX", "2026-11-22T23:59:00Z")).toBe(false); // Sunday
    expect(open("FX", "2026-11-23T00:00:00Z")).toBe(true); // Monday
    expect(open("FX", "2026-11-20T23:59:00Z")).toBe(true); // Friday night
    expect(open("FX", "2026-12-25T12:00:00Z")).toBe(false);
    expect(open("CRYPTO", "2026-11-21T03:00:00Z")).toBe(true);
    expect(open("CRYPTO", "2026-12-25T12:00:00Z")).toBe(true);
  });

  it("closes on national days and Eid breaks", () => {
    expect(open("TADAWUL", "2026-09-23T08:00:00Z")).toBe(false); // Saudi National Day (Wednesday)
    expect(open("TADAWUL", "2026-09-22T08:00:00Z")).toBe(true);
    expect(open("DFM", "2026-12-02T08:00:00Z")).toBe(false); // UAE National Day
    expect(open("QSE", "2026-05-27T07:00:00Z")).toBe(false); // Eid al-Adha
  });

  it("knows offsets and the local session date", () => {
    expect(utcOffsetMinutes("Asia/Riyadh", at("2026-01-10T12:00:00Z"))).toBe(180);
    expect(utcOffsetMinutes("Asia/Amman", at("2026-01-10T12:00:00Z"))).toBe(180);
    expect(utcOffsetMinutes("America/New_York", at("2026-07-01T12:00:00Z"))).toBe(-240);
    expect(utcOffsetMinutes("America/New_York", at("2026-11-18T12:00:00Z"))).toBe(-300);
    expect(sessionDate(EXCHANGES.NYSE!, at("2026-11-19T02:00:00Z"))).toBe("2026-11-18");
    expect(sessionDate(EXCHANGES.MSX!, at("2026-11-22T21:00:00Z"))).toBe("2026-11-23");
  });

  it("describes hours for the UI", () => {
    const info = exchangeInfo(EXCHANGES.TADAWUL!, at("2026-11-22T08:00:00Z"));
    expect(info).toMatchObject({
      id: "TADAWUL",
      days: [0, 1, 2, 3, 4],
      open: "10:00",
      close: "15:00",
      allDay: false,
      utcOffsetMinutes: 180,
      openNow: true,
    });
    expect(exchangeInfo(EXCHANGES.CRYPTO!, 0)).toMatchObject({ allDay: true, open: "00:00", close: "24:00" });
  });
});

describe("last close and next open", () => {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  it("Tadawul on a Friday: Thursday's close, Sunday's open (Riyadh is UTC+3)", () => {
    const friday = Date.parse("2026-11-20T12:00:00Z");
    expect(iso(lastClose(EXCHANGES.TADAWUL!, friday))).toBe("2026-11-19T12:00:00.000Z");
    expect(iso(nextOpen(EXCHANGES.TADAWUL!, friday))).toBe("2026-11-22T07:00:00.000Z");
  });

  it("during a session: the previous close and tomorrow's open", () => {
    const sunday = Date.parse("2026-11-22T08:00:00Z");
    expect(iso(lastClose(EXCHANGES.TADAWUL!, sunday))).toBe("2026-11-19T12:00:00.000Z");
    expect(iso(nextOpen(EXCHANGES.TADAWUL!, sunday))).toBe("2026-11-23T07:00:00.000Z");
    expect(exchangeInfo(EXCHANGES.TADAWUL!, sunday)).toMatchObject({
      openNow: true,
      lastCloseAt: Date.parse("2026-11-19T12:00:00Z"),
      nextOpenAt: Date.parse("2026-11-23T07:00:00Z"),
    });
  });

  it("skips closures and follows daylight saving (New York after the clocks go back)", () => {
    // Thanksgiving (26 Nov 2026) is a NYSE holiday: Wednesday's close, then Friday's open.
    const thanksgiving = Date.parse("2026-11-26T15:00:00Z");
    expect(iso(lastClose(EXCHANGES.NYSE!, thanksgiving))).toBe("2026-11-25T21:00:00.000Z");
    expect(iso(nextOpen(EXCHANGES.NYSE!, thanksgiving))).toBe("2026-11-27T14:30:00.000Z");
    // In summer the same 09:30 is 13:30 UTC.
    expect(iso(nextOpen(EXCHANGES.NYSE!, Date.parse("2026-07-13T12:00:00Z")))).toBe(
      "2026-07-13T13:30:00.000Z",
    );
  });

  it("a market open around the clock on weekdays opens on Monday; crypto never closes", () => {
    const saturday = Date.parse("2026-11-21T12:00:00Z");
    expect(iso(lastClose(EXCHANGES.FX!, saturday))).toBe("2026-11-21T00:00:00.000Z");
    expect(iso(nextOpen(EXCHANGES.FX!, saturday))).toBe("2026-11-23T00:00:00.000Z");
    expect(lastClose(EXCHANGES.CRYPTO!, saturday)).toBeNull();
    expect(nextOpen(EXCHANGES.CRYPTO!, saturday)).toBeNull();
  });
});
