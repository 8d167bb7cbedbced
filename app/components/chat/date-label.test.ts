import { describe, expect, it } from "vitest";
import { dateLabel } from "./date-label";

const now = new Date("2026-03-20T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe("dateLabel (whole days rounded up)", () => {
  it("within the first day is Today", () => {
    expect(dateLabel(now, now)).toEqual({ kind: "today" });
    expect(dateLabel(ago(1), now)).toEqual({ kind: "today" });
    expect(dateLabel(ago(24), now)).toEqual({ kind: "today" });
  });

  it("the second day is Yesterday", () => {
    expect(dateLabel(ago(24.1), now)).toEqual({ kind: "yesterday" });
    expect(dateLabel(ago(48), now)).toEqual({ kind: "yesterday" });
  });

  it("days 3 to 7 are N-1 days ago", () => {
    expect(dateLabel(ago(48.5), now)).toEqual({ kind: "daysAgo", count: 2 });
    expect(dateLabel(ago(24 * 6.5), now)).toEqual({ kind: "daysAgo", count: 6 });
    expect(dateLabel(ago(24 * 7), now)).toEqual({ kind: "daysAgo", count: 6 });
  });

  it("older is the date", () => {
    const old = ago(24 * 7 + 1);
    expect(dateLabel(old.toISOString(), now)).toEqual({ kind: "date", date: old });
  });
});
