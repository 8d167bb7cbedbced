import { describe, expect, it } from "vitest";
import { eidDays } from "./gulf-dates";
import { buildSchedule } from "./schedule";

describe("Gulf market dates in the shipped schedule", () => {
  it("puts Eid on the Umm al-Qura dates", () => {
    expect(eidDays(2026)).toEqual({
      fitr: { year: 2026, month: 3, day: 20 },
      adha: { year: 2026, month: 5, day: 27 },
    });
    expect(eidDays(2027).fitr).toEqual({ year: 2027, month: 3, day: 9 });
  });

  it("closes every Gulf exchange for Eid, keeps national days, index reviews and dividend season", () => {
    const events = buildSchedule(new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z"));
    const fitr = events.filter((e) => e.sourceKey.startsWith("holiday:eid-fitr:"));
    expect(fitr.map((e) => e.country).sort()).toEqual(
      ["Bahrain", "Jordan", "Kuwait", "Oman", "Qatar", "Saudi Arabia", "UAE"].sort(),
    );
    // Midnight in Riyadh on 20 March is 21:00 UTC the day before.
    expect(fitr.find((e) => e.country === "Saudi Arabia")!.startsAt.toISOString()).toBe(
      "2026-03-19T21:00:00.000Z",
    );
    expect(
      events
        .find((e) => e.title === "UAE National Day (Eid Al Etihad): DFM and ADX closed")!
        .startsAt.toISOString(),
    ).toBe("2026-12-01T20:00:00.000Z");
    const msci = events.filter((e) => e.sourceKey.startsWith("rebalance:msci:")).map((e) => e.sourceKey);
    expect(msci).toEqual([
      "rebalance:msci:2026-02-27",
      "rebalance:msci:2026-05-29",
      "rebalance:msci:2026-08-31",
      "rebalance:msci:2026-11-30",
    ]);
    expect(events.filter((e) => e.sourceKey.startsWith("rebalance:ftse:")).map((e) => e.sourceKey)).toEqual([
      "rebalance:ftse:2026-03-20",
      "rebalance:ftse:2026-09-18",
    ]);
    // 1 March 2026 is a Sunday: a working day in Riyadh, the weekend in the UAE.
    expect(
      events.filter((e) => e.sourceKey.startsWith("dividends:")).map((e) => e.startsAt.toISOString()),
    ).toEqual(["2026-03-01T07:00:00.000Z", "2026-03-02T06:00:00.000Z"]);
    expect(new Set(events.map((e) => e.sourceKey)).size).toBe(events.length);
  });
});
