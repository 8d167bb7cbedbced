import { describe, expect, it } from "vitest";
import type { EconomicEvent } from "#server/calendar/types";
import { getFormat } from "~/lib/format";
import { langAttrs, toCalendarEventView } from "./calendar-view";

const event = (title: string): EconomicEvent => ({
  id: "e1",
  title,
  description: "Consumer prices for May, year on year.",
  startsAt: new Date("2026-06-15T09:00:00Z"),
  country: "SEK",
  category: "Inflation",
  importance: "high",
  impact: "",
  forecast: null,
  previous: null,
});

describe("calendar events on Arabic pages", () => {
  it("shows a known title, description and currency in Arabic with no language mark", () => {
    const view = toCalendarEventView(event("CPI m/m"), getFormat("ar"), "Asia/Riyadh");
    expect(view).toMatchObject({
      title: "مؤشر أسعار المستهلك (على أساس شهري)",
      titleLang: null,
      description: "أسعار المستهلكين لشهر مايو على أساس سنوي.",
      descriptionLang: null,
    });
    expect(langAttrs(view.titleLang)).toEqual({ dir: "auto" });
  });

  it("shows an unknown title in English marked lang=en, and leaves English pages as they were", () => {
    const ar = toCalendarEventView(event("Riksbank Policy Rate"), getFormat("ar"), "Asia/Riyadh");
    expect(ar).toMatchObject({ title: "Riksbank Policy Rate", titleLang: "en" });
    expect(langAttrs(ar.titleLang)).toEqual({ lang: "en", dir: "ltr" });
    const en = toCalendarEventView(event("CPI m/m"), getFormat("en"), "Asia/Riyadh");
    expect(en).toMatchObject({ title: "CPI m/m", titleLang: null, currencyName: null });
  });
});
