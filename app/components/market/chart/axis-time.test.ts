import { describe, expect, it } from "vitest";
import { getFormat } from "~/lib/format";
import { axisTickLabel, crosshairLabel, zonedMs } from "./axis-time";

// 2026-11-26 07:00 GMT: 10:00 in Riyadh (GMT+3), 11:00 in Dubai (GMT+4).
const at0700gmt = Date.UTC(2026, 10, 26, 7, 0) / 1000;
const TIME = 3;
const DAY = 2;

describe("chart axis times", () => {
  it("moves a bar's UTC time by the exchange's offset", () => {
    expect(new Date(zonedMs(at0700gmt, 180)).toISOString()).toBe("2026-11-26T10:00:00.000Z");
  });

  it("labels the Tadawul open 10:00 and the Dubai one 11:00, not 07:00 GMT", () => {
    const en = getFormat("en");
    expect(axisTickLabel(en, at0700gmt, 180, TIME)).toBe("10:00");
    expect(axisTickLabel(en, at0700gmt, 240, TIME)).toBe("11:00");
    expect(axisTickLabel(en, at0700gmt, 0, TIME)).toBe("07:00");
  });

  it("puts a late-evening bar on the exchange's next local day", () => {
    const en = getFormat("en");
    const lateGmt = Date.UTC(2026, 10, 26, 22, 0) / 1000; // 01:00 on the 27th in Riyadh
    expect(axisTickLabel(en, lateGmt, 180, DAY)).toBe("27");
  });

  it("writes Arabic labels in the page's digits", () => {
    const ar = getFormat("ar", "arab");
    expect(axisTickLabel(ar, at0700gmt, 180, TIME)).toBe("١٠:٠٠");
    expect(crosshairLabel(getFormat("en"), at0700gmt, 180)).toContain("10:00");
  });
});
