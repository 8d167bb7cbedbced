import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { economicEvents } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => {
  await s.close();
});

describe("calendar titles the Arabic glossary lacks", () => {
  it("are listed for the admin with their event count; the shipped schedule and known feed titles are not", async () => {
    await s.calendar.ensureSchedule();
    expect(await s.calendar.editor.untranslatedTitles()).toEqual([]);

    const soon = (days: number) => new Date(Date.now() + days * 86_400_000);
    const row = (title: string, days: number, key: string) => ({
      sourceKey: key,
      title,
      startsAt: soon(days),
      country: "United States",
      category: "Other",
      importance: "low" as const,
      source: "forexfactory" as const,
    });
    await s.db.insert(economicEvents).values([
      row("Riksbank Policy Rate", 2, "t:1"),
      row("Riksbank Policy Rate", 9, "t:2"),
      row("Swedish CPI m/m", 3, "t:3"),
      row("CPI m/m", 4, "t:4"),
      // Long past: no reader sees it any more, so the editor is not asked about it.
      row("Forgotten Old Release", -90, "t:5"),
    ]);

    expect(await s.calendar.editor.untranslatedTitles()).toEqual([
      { title: "Riksbank Policy Rate", events: 2 },
      { title: "Swedish CPI m/m", events: 1 },
    ]);
  });
});
