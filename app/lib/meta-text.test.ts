import { describe, expect, it } from "vitest";
import { metaText } from "./meta-text";

const matchesFor = (lang: string) => [{ id: "root", loaderData: { site: { name: "GulfPulse" }, lang } }];

describe("metaText", () => {
  it("gives the spec's English title on English pages and the Arabic one on Arabic pages", () => {
    expect(metaText(matchesFor("en"), "about").title).toBe("About GulfPulse — GulfPulse");
    expect(metaText(matchesFor("ar"), "about").title).toBe("عن GulfPulse — GulfPulse");
  });

  it("fills placeholders without HTML-escaping them (React escapes the title)", () => {
    const text = metaText(matchesFor("ar"), "searchResults", { query: "a & b" });
    expect(text.title).toBe("a & b — بحث — GulfPulse");
    expect(metaText(matchesFor("en"), "instrument", { name: "Brent", symbol: "BRENT" }).description).toBe(
      "Brent (BRENT): live price, change, day range, previous close and trading hours.",
    );
  });
});
