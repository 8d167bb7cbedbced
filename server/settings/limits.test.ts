import { describe, expect, it } from "vitest";
import { LIMITS, limitsSettingsSchema } from "#common/limits";
import { readLimit, readLimits } from "./limits";

const settingsOf = (values: Record<string, unknown>) => ({
  get: <T>(key: string, fallback?: T) => (key in values ? values[key] : fallback) as T,
});

describe("limits", () => {
  it("defaults: 100 alerts per user, 30 webhooks and 30 pushes per user per minute", () => {
    expect(readLimits(settingsOf({}))).toEqual({
      alertsPerUser: 100,
      webhooksPerMinute: 30,
      pushesPerMinute: 30,
    });
  });

  it("an admin's value applies; a stored value out of range or not whole falls back to the default", () => {
    const s = settingsOf({
      "limits.alertsPerUser": 250,
      "limits.webhooksPerMinute": 0,
      "limits.pushesPerMinute": 2.5,
    });
    expect(readLimits(s)).toEqual({ alertsPerUser: 250, webhooksPerMinute: 30, pushesPerMinute: 30 });
    expect(readLimit(settingsOf({ "limits.pushesPerMinute": "12" }), "pushesPerMinute")).toBe(12);
    expect(readLimit(settingsOf({ "limits.pushesPerMinute": "many" }), "pushesPerMinute")).toBe(30);
  });

  it("the admin form takes whole numbers in range and names the field otherwise", () => {
    expect(
      limitsSettingsSchema.parse({ alertsPerUser: "5", webhooksPerMinute: "60", pushesPerMinute: "1" }),
    ).toEqual({ alertsPerUser: 5, webhooksPerMinute: 60, pushesPerMinute: 1 });
    const bad = limitsSettingsSchema.safeParse({
      alertsPerUser: "1.5",
      webhooksPerMinute: "0",
      pushesPerMinute: String(LIMITS.pushesPerMinute.max + 1),
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toEqual([
      "alertsPerUser: Alerts per user must be a whole number",
      "webhooksPerMinute: Webhooks per user per minute must be at least 1",
      "pushesPerMinute: Push messages per user per minute must be at most 1000",
    ]);
  });
});
