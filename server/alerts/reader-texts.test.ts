import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertNotifications, alertTriggers, user } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { textsInLanguage } from "./reader-texts";

/** Notifications and alert history are written in the reader's language when read. */

let s: Services;
const userId = "reader-texts-user";
beforeAll(async () => {
  s = await createTestServices();
  await s.db
    .insert(user)
    .values({ id: userId, name: "R", email: "reader-texts@example.com", emailVerified: true });
});
afterAll(() => s.close());

/** A trigger stored in English (the language of the trigger time), and its notification. */
async function fired(condition: Record<string, unknown>, price: number, symbol = "TASI") {
  const triggerId = randomUUID();
  await s.db.insert(alertTriggers).values({
    id: triggerId,
    userId,
    symbol,
    condition,
    price,
    title: `English title for ${symbol}`,
    message: "English message",
  });
  await s.db.insert(alertNotifications).values({
    userId,
    triggerId,
    title: `English title for ${symbol}`,
    message: "English message",
  });
  return triggerId;
}

describe("alert texts in the reader's language", () => {
  it("writes a price alert's notification and history entry from the trigger's parameters", async () => {
    await fired({ type: "above", target: 11_500 }, 11_512.25);
    const ar = await s.alerts.notifications(userId, { lang: "ar" });
    expect(ar[0]).toMatchObject({ title: "ارتفع TASI فوق 11,500.00" });
    expect(ar[0]!.message).toContain("11,512.25");
    const en = await s.alerts.notifications(userId, { lang: "en" });
    expect(en[0]!.title).toBe("TASI rose above 11,500.00");
    const history = await s.alerts.history(userId, { lang: "ar" });
    expect(history[0]!.title).toBe("ارتفع TASI فوق 11,500.00");
  });

  it("a percentage move keeps its base and window in either language", async () => {
    const t = textsInLanguage(
      { symbol: "BTC", condition: { type: "change_percent", target: 5, base: 100 }, price: 106 },
      { title: "stored", message: "stored" },
      "ar",
      () => 2,
    );
    expect(t.title).toMatch(/BTC/);
    expect(t.title).toContain("+6.00%");
    expect(t.title).not.toBe("stored");
  });

  it("keeps the stored text of rows without parameters, of reminders, and when no language is asked", async () => {
    await s.db
      .insert(alertNotifications)
      .values({ userId, title: "Old stored title", message: "Old message" });
    const rows = await s.alerts.notifications(userId, { lang: "ar" });
    expect(rows.find((r) => r.title === "Old stored title")).toBeDefined();
    expect(
      textsInLanguage(
        { source: "calendar_reminder", symbol: null, condition: {}, price: null },
        { title: "Reminder", message: "m" },
        "ar",
        () => 2,
      ).title,
    ).toBe("Reminder");
    expect((await s.alerts.notifications(userId)).some((r) => r.title === "English title for TASI")).toBe(
      true,
    );
  });
});
