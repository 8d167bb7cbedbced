/** The simulator's volumes: plausible, deterministic, growing through the session. */
import { describe, expect, it } from "vitest";
import { elapsedShare, sessionVolume, simulatedVolume } from "./sim-volume";

// Tadawul: 10:00–15:00 Riyadh time (GMT+3), i.e. 07:00–12:00 GMT.
const tadawul = (openNow: boolean, lastCloseAt: number | null = null) => ({
  open: "10:00",
  close: "15:00",
  openNow,
  utcOffsetMinutes: 180,
  lastCloseAt,
});

describe("simulated volumes", () => {
  it("gives each session a volume between 10 thousand and 30 million shares, the same on every call", () => {
    for (const symbol of ["2222", "1120", "EMAAR", "QNBK", "ZAIN"]) {
      const v = sessionVolume(symbol, "2026-11-22");
      expect(v).toBeGreaterThanOrEqual(10_000);
      expect(v).toBeLessThanOrEqual(30_000_000);
      expect(sessionVolume(symbol, "2026-11-22")).toBe(v);
    }
    expect(sessionVolume("2222", "2026-11-22")).not.toBe(sessionVolume("2222", "2026-11-23"));
  });

  it("counts the share of trading hours elapsed", () => {
    expect(elapsedShare(600, 600, 900)).toBe(0);
    expect(elapsedShare(750, 600, 900)).toBe(0.5);
    expect(elapsedShare(960, 600, 900)).toBe(1);
  });

  it("grows through an open session and holds the last session's figure while shut", () => {
    const full = sessionVolume("2222", "2026-11-22");
    // 09:30 GMT = 12:30 Riyadh: half of the five hours.
    expect(simulatedVolume("2222", tadawul(true), Date.parse("2026-11-22T09:30:00Z"))).toBe(
      Math.round(full / 2),
    );
    // Friday: shut since Thursday's close, whose session volume stands.
    const thursdayClose = Date.parse("2026-11-19T12:00:00Z");
    expect(simulatedVolume("2222", tadawul(false, thursdayClose), Date.parse("2026-11-20T09:00:00Z"))).toBe(
      sessionVolume("2222", "2026-11-19"),
    );
  });
});
