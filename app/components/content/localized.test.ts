import { describe, expect, it } from "vitest";
import { toEducationView } from "~/components/analytics/view";
import { localized } from "./localized";

describe("editor text in the page's language", () => {
  it("shows the Arabic on Arabic pages and falls back to the English marked lang=en", () => {
    expect(localized("ar", "Risk Management", "إدارة المخاطر")).toEqual({ text: "إدارة المخاطر", attrs: {} });
    expect(localized("ar", "Risk Management", null)).toEqual({
      text: "Risk Management",
      attrs: { lang: "en", dir: "ltr" },
    });
  });

  it("leaves English pages unchanged, and marks an Arabic-only text lang=ar", () => {
    expect(localized("en", "Risk Management", "إدارة المخاطر")).toEqual({
      text: "Risk Management",
      attrs: {},
    });
    expect(localized("en", "", "إدارة المخاطر")).toEqual({
      text: "إدارة المخاطر",
      attrs: { lang: "ar", dir: "rtl" },
    });
  });

  it("carries each education card's Arabic version to the page", () => {
    const [section] = toEducationView([
      {
        slug: "risk",
        section: "Trading Strategies",
        title: "Risk",
        body: "Size",
        titleAr: "المخاطر",
        bodyAr: null,
      },
    ]);
    expect(section!.cards[0]).toMatchObject({ titleAr: "المخاطر", bodyAr: null });
  });
});
