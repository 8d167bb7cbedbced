import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CURRENCY_NAMES_AR, calendarTextAr, calendarTitleAr } from "#common/calendar-glossary-ar";
import { parseForexFactory, toFeedEvents } from "./forex-factory";
import { buildSchedule } from "./schedule";

const silent = { warn() {}, info() {}, error() {}, debug() {} } as never;
const FIXTURES = path.join(import.meta.dirname, "fixtures");

/** Every Forex Factory row our recorded weeks carry, as the feed stores them. */
function fixtureEvents() {
  return ["ff_calendar_thisweek.json", "ff_calendar_thisweek.moved.json"].flatMap((file) =>
    toFeedEvents(parseForexFactory(readFileSync(path.join(FIXTURES, file), "utf8"), silent)),
  );
}

describe("the Arabic calendar glossary", () => {
  it("translates every title of the recorded weekly feed and the currencies it lists them under", () => {
    const rows = fixtureEvents();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => !calendarTitleAr(r.title)).map((r) => r.title)).toEqual([]);
    const currencies = rows.filter((r) => r.series.startsWith("ff:")).map((r) => r.series.split(":")[1]!);
    expect(currencies.length).toBeGreaterThan(5);
    const named = currencies.filter((c) => c !== "ALL");
    expect(named.filter((c) => !CURRENCY_NAMES_AR[c])).toEqual([]);
  });

  it("translates every title, description and impact line the Gulf schedule generates over three years", () => {
    const events = buildSchedule(new Date("2026-01-01T00:00:00Z"), new Date("2029-01-01T00:00:00Z"));
    expect(events.length).toBeGreaterThan(300);
    const missing = new Set<string>();
    for (const e of events) {
      if (!calendarTitleAr(e.title)) missing.add(e.title);
      for (const text of [e.description, e.impact]) if (text && !calendarTextAr(text)) missing.add(text);
    }
    expect([...missing]).toEqual([]);
  });

  it("composes economy, indicator and period, names known speakers, and knows nothing it was not taught", () => {
    expect(calendarTitleAr("CPI m/m")).toBe("مؤشر أسعار المستهلك (على أساس شهري)");
    expect(calendarTitleAr("German Final Manufacturing PMI")).toBe(
      "القراءة النهائية لمؤشر مديري المشتريات الصناعي في ألمانيا",
    );
    expect(calendarTitleAr("Fed Chair Powell Speaks")).toBe("كلمة رئيس الاحتياطي الفيدرالي باول");
    expect(calendarTitleAr("Saudi Arabia Flash GDP Q3 2026")).toBe(
      "التقدير السريع للناتج المحلي السعودي للربع الثالث 2026",
    );
    expect(calendarTitleAr("Eid al-Fitr: Tadawul closed")).toBe("عيد الفطر: إغلاق «تداول»");
    // Unknown speakers, indicators and holidays stay untranslated (shown in English, counted in the admin).
    expect(calendarTitleAr("FOMC Member Somebody Speaks")).toBeNull();
    expect(calendarTitleAr("Swedish CPI m/m")).toBeNull();
    expect(calendarTitleAr("Carnival: Tadawul closed")).toBeNull();
  });
});
