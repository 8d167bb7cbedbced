import { describe, expect, it } from "vitest";
import { articlePath } from "../article-path";
import { articleSchema, SLUG_PATTERN, slugify } from "./forms";

describe("slugify", () => {
  it("keeps Latin titles as before: lower case, accents off, single hyphens", () => {
    expect(slugify("Oman budget surplus widens")).toBe("oman-budget-surplus-widens");
    expect(slugify("  Café à Dubaï — Q3 2025!  ")).toBe("cafe-a-dubai-q3-2025");
  });

  it("gives an Arabic title a readable Arabic slug, short vowels and tatweel dropped, hamza kept", () => {
    expect(slugify("أرامكو ترفع توزيعاتها 2025")).toBe("أرامكو-ترفع-توزيعاتها-2025");
    expect(slugify("البنوكُ الخليجيّة: نموٌ قـــوي!")).toBe("البنوك-الخليجية-نمو-قوي");
    expect(slugify("سوق دبي ٢٠٢٥")).toBe("سوق-دبي-٢٠٢٥");
    expect(SLUG_PATTERN.test(slugify("أرامكو ترفع توزيعاتها"))).toBe(true);
  });

  it("falls back to a short id only when the title has no letters or digits", () => {
    expect(slugify("!!! — ???")).toMatch(/^item-[a-z0-9]{1,6}$/);
  });
});

describe("slug field", () => {
  it("accepts an Arabic slug and still refuses spaces and double hyphens", () => {
    expect(SLUG_PATTERN.test("أرامكو-ترفع")).toBe(true);
    expect(SLUG_PATTERN.test("opec-plus-2025")).toBe(true);
    expect(SLUG_PATTERN.test("two words")).toBe(false);
    expect(SLUG_PATTERN.test("a--b")).toBe(false);
    expect(SLUG_PATTERN.test("-a")).toBe(false);
    const form = (slug: string) => articleSchema.safeParse({ section: "economic", title: "T", slug });
    expect(form("أرامكو-ترفع").data?.slug).toBe("أرامكو-ترفع");
    expect(form("Two Words").error?.issues[0]?.message).toBe(
      "Use lower-case letters, digits and single hyphens",
    );
  });
});

describe("articlePath", () => {
  it("percent-encodes the slug, which decodes back to the stored one", () => {
    const slug = "أرامكو-ترفع";
    const path = articlePath({ section: "economic", slug });
    expect(path).toMatch(/^\/news\/article\/[A-Za-z0-9%-]+$/);
    expect(decodeURIComponent(path.slice("/news/article/".length))).toBe(slug);
    expect(articlePath({ section: "broker-analysis", slug: "broker-review" })).toBe(
      "/brokers/analysis/broker-review",
    );
  });
});
