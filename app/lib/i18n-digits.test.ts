import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";

describe("numbers interpolated into texts follow the digits setting", () => {
  it("Arabic-Indic digits when chosen; strings untouched; Western digits unchanged", () => {
    const arab = createI18n("ar", "arab").getFixedT("ar", "common");
    const latn = createI18n("ar").getFixedT("ar", "common");
    const vars = { year: 2024, siteName: "GulfPulse" };
    expect(arab("footer.copyright", vars)).toContain("٢٠٢٤");
    expect(arab("footer.copyright", vars)).toContain("GulfPulse");
    expect(latn("footer.copyright", vars)).toContain("2024");
    expect(createI18n("en").t("footer.copyright", vars)).toBe("© 2024 GulfPulse. All rights reserved.");
  });
});
