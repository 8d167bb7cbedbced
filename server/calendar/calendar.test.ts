import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldLine, toICalendar } from "#common/ical";
import { nthWeekday, zonedTimeToUtc } from "#common/zoned-time";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { createCalendar, DEFAULT_DAYS } from "./events";
import { buildSchedule, fomcDecisionDays } from "./schedule";

const utc = (iso: string) => new Date(iso);

describe("wall-clock time to UTC across daylight-saving changes", () => {
  it("gives 2 p.m. New York as 19:00 UTC in winter and 18:00 UTC in summer", () => {
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 6 }, 14, 0, "America/New_York").toISOString()).toBe(
      "2026-03-06T19:00:00.000Z",
    );
    // US clocks went forward on Sunday 8 March 2026.
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 9 }, 14, 0, "America/New_York").toISOString()).toBe(
      "2026-03-09T18:00:00.000Z",
    );
    // ...and back on Sunday 1 November 2026.
    expect(zonedTimeToUtc({ year: 2026, month: 10, day: 30 }, 14, 0, "America/New_York").toISOString()).toBe(
      "2026-10-30T18:00:00.000Z",
    );
    expect(zonedTimeToUtc({ year: 2026, month: 11, day: 2 }, 14, 0, "America/New_York").toISOString()).toBe(
      "2026-11-02T19:00:00.000Z",
    );
  });

  it("handles the transition day itself, including the skipped hour", () => {
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 8 }, 1, 30, "America/New_York").toISOString()).toBe(
      "2026-03-08T06:30:00.000Z",
    );
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 8 }, 3, 30, "America/New_York").toISOString()).toBe(
      "2026-03-08T07:30:00.000Z",
    );
    // 02:30 does not exist that night; it lands just after the gap, not on a wrong day.
    const skipped = zonedTimeToUtc({ year: 2026, month: 3, day: 8 }, 2, 30, "America/New_York");
    expect(["2026-03-08T06:30:00.000Z", "2026-03-08T07:30:00.000Z"]).toContain(skipped.toISOString());
  });

  it("keeps Gulf zones fixed all year (no daylight saving)", () => {
    for (const month of [1, 7]) {
      expect(zonedTimeToUtc({ year: 2026, month, day: 15 }, 12, 0, "Asia/Riyadh").getUTCHours()).toBe(9);
      expect(zonedTimeToUtc({ year: 2026, month, day: 15 }, 12, 0, "Asia/Dubai").getUTCHours()).toBe(8);
      expect(zonedTimeToUtc({ year: 2026, month, day: 15 }, 12, 0, "Asia/Amman").getUTCHours()).toBe(9);
    }
  });
});

describe("recurring schedule", () => {
  it("puts every 2026 Fed decision at 2 p.m. New York time, whatever the season", () => {
    const events = buildSchedule(utc("2026-01-01T00:00:00Z"), utc("2027-01-01T00:00:00Z")).filter((e) =>
      e.sourceKey.startsWith("fomc:"),
    );
    expect(events.map((e) => e.startsAt.toISOString())).toEqual([
      "2026-01-28T19:00:00.000Z",
      "2026-03-18T18:00:00.000Z",
      "2026-04-29T18:00:00.000Z",
      "2026-06-17T18:00:00.000Z",
      "2026-07-29T18:00:00.000Z",
      "2026-09-16T18:00:00.000Z",
      "2026-10-28T18:00:00.000Z",
      "2026-12-09T19:00:00.000Z",
    ]);
  });

  it("moves the pegged Gulf central banks the same day as the Fed, and Kuwait on its own day", () => {
    const day = buildSchedule(utc("2026-03-18T00:00:00Z"), utc("2026-03-20T00:00:00Z"));
    const fed = day.find((e) => e.sourceKey === "fomc:2026-03-18")!;
    const pegged = day.filter((e) => e.sourceKey.startsWith("cb:") && e.sourceKey.endsWith("2026-03-18"));
    expect(pegged.map((e) => e.country).sort()).toEqual([
      "Bahrain",
      "Jordan",
      "Oman",
      "Qatar",
      "Saudi Arabia",
      "UAE",
    ]);
    for (const e of pegged) {
      expect(e.startsAt.toISOString().slice(0, 10)).toBe("2026-03-18");
      expect(e.startsAt.getTime()).toBeGreaterThan(fed.startsAt.getTime());
    }
    const kuwait = day.find((e) => e.country === "Kuwait" && e.category === "Central Bank")!;
    expect(kuwait.startsAt.toISOString()).toBe("2026-03-19T10:00:00.000Z");
    expect(kuwait.description).toMatch(/independently/);
  });

  it("follows Vienna's clock for OPEC+ (CET in winter, CEST in summer)", () => {
    const events = buildSchedule(utc("2026-03-01T00:00:00Z"), utc("2026-05-01T00:00:00Z")).filter((e) =>
      e.sourceKey.startsWith("opec8:"),
    );
    expect(events.map((e) => e.startsAt.toISOString())).toEqual([
      "2026-03-01T12:00:00.000Z",
      "2026-04-05T11:00:00.000Z",
    ]);
  });

  it("covers CPI, PMI, OPEC+ and GDP with importance, forecast and previous", () => {
    const events = buildSchedule(utc("2026-11-22T00:00:00Z"), utc("2027-02-20T00:00:00Z"));
    const categories = new Set(events.map((e) => e.category));
    for (const c of ["Central Bank", "Inflation", "Business Activity", "Energy", "Growth"])
      expect(categories).toContain(c);
    const cpi = events.find((e) => e.sourceKey === "cpi:sa:2026-12")!;
    expect(cpi.importance).toBe("high");
    expect(cpi.forecast).toMatch(/^\d\.\d%$/);
    // The next month's "previous" is this month's figure.
    expect(events.find((e) => e.sourceKey === "cpi:sa:2027-01")!.previous).toBe(cpi.forecast);
    // 15 January 2027 is a Friday: GASTAT publishes on the next Saudi working day.
    expect(events.find((e) => e.sourceKey === "cpi:sa:2027-01")!.startsAt.toISOString()).toBe(
      "2027-01-17T09:00:00.000Z",
    );
    expect(new Set(events.map((e) => e.sourceKey)).size).toBe(events.length);
  });

  it("derives tentative Fed dates for unpublished years from the usual pattern", () => {
    const days = fomcDecisionDays(2027);
    expect(days).toHaveLength(8);
    expect(days.every((d) => !d.published)).toBe(true);
    expect(days[0]!.date).toEqual(nthWeekday(2027, 1, 3, -1));
    expect(days[0]!.date).toEqual({ year: 2027, month: 1, day: 27 });
  });
});

describe("calendar service", () => {
  let s: Services;
  beforeAll(async () => {
    s = await createTestServices();
  });
  afterAll(() => s.close());

  it("stores 90 days idempotently and answers the day range (default 30) with filters", async () => {
    const calendar = createCalendar({ db: s.db, log: s.log });
    const now = utc("2026-11-22T08:00:00Z");
    const added = await calendar.ensureSchedule({ now });
    expect(added).toBeGreaterThan(30);
    expect(await calendar.ensureSchedule({ now })).toBe(0);

    const month = await calendar.upcoming({ now });
    expect(DEFAULT_DAYS).toBe(30);
    expect(month.length).toBeGreaterThan(5);
    const end = now.getTime() + 30 * 86_400_000;
    expect(month.every((e) => e.startsAt.getTime() < end && e.startsAt >= utc("2026-11-22T00:00:00Z"))).toBe(
      true,
    );
    expect(month.map((e) => e.startsAt.getTime())).toEqual(
      [...month.map((e) => e.startsAt.getTime())].sort((a, b) => a - b),
    );
    expect(month.some((e) => e.title === "Fed Interest Rate Decision")).toBe(true);

    const quarter = await calendar.upcoming({ now, days: 90 });
    expect(quarter.length).toBeGreaterThan(month.length);

    const saudi = await calendar.upcoming({ now, days: 90, country: "Saudi Arabia" });
    expect(saudi.length).toBeGreaterThan(0);
    expect(saudi.every((e) => e.country === "Saudi Arabia")).toBe(true);

    const high = await calendar.upcoming({ now, days: 90, importance: "high" });
    expect(high.length).toBeGreaterThan(0);
    expect(high.every((e) => e.importance === "high")).toBe(true);

    const fed = quarter.find((e) => e.title === "Fed Interest Rate Decision")!;
    expect(fed.startsAt.toISOString()).toBe("2026-12-09T19:00:00.000Z");
  });

  it("is wired as services.calendar; the seeder stores the next 90 days from now", async () => {
    await s.seeds.economicCalendar!();
    const events = await s.calendar.upcoming({ days: 90 });
    expect(events.length).toBeGreaterThan(30);
    expect(events.at(-1)!.startsAt.getTime()).toBeGreaterThan(Date.now() + 60 * 86_400_000);
  });
});

describe("iCalendar feed", () => {
  const event = {
    id: "0b7f4c1e-0000-4000-8000-000000000001",
    title: "SAMA Repo Rate Decision",
    description: "Moves with the Fed; rates, spreads\nand banks.",
    startsAt: utc("2026-12-09T19:30:00Z"),
    country: "Saudi Arabia",
    category: "Central Bank",
    importance: "high" as const,
    impact: "Banks react first.",
    forecast: "4.25%",
    previous: null,
  };

  it("writes UTC start times, escaped text and CRLF lines", () => {
    const ics = toICalendar([event], { host: "gulfpulse.test", now: utc("2026-11-22T08:00:00Z") });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("DTSTART:20261209T193000Z\r\n");
    expect(ics).toContain("DTSTAMP:20261122T080000Z\r\n");
    expect(ics).toContain(`UID:${event.id}@gulfpulse.test\r\n`);
    expect(ics).toContain("SUMMARY:SAMA Repo Rate Decision (Saudi Arabia)\r\n");
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain(
      "DESCRIPTION:Moves with the Fed\\; rates\\, spreads\\nand banks.\\nForecast: 4.25%",
    );
    expect(ics.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it("folds long lines without splitting multi-byte characters", () => {
    const line = `SUMMARY:${"قرار سعر الفائدة ".repeat(10)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });
});
