import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { DEFAULT_FEEDS, seedNewsFeeds } from "./seed";

/** News by language: Arabic feeds for the Arabic site, English for the English, each first on its own pages. */

const ARABIC = /[\u0600-\u06ff]/;
const SECTIONS = ["economic", "central-bank", "breaking"] as const;

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
  await seedNewsFeeds(s);
});
afterAll(() => s.close());

describe("the seed list", () => {
  it("records each feed's language and has Arabic Gulf business desks beside the English ones", () => {
    for (const feed of DEFAULT_FEEDS) expect(["ar", "en"], feed.url).toContain(feed.language);
    const real = DEFAULT_FEEDS.filter((f) => f.url.startsWith("https://"));
    expect(real.filter((f) => f.language === "ar").length).toBeGreaterThanOrEqual(3);
    expect(real.filter((f) => f.language === "en").length).toBeGreaterThanOrEqual(3);
    const arabicSamples = DEFAULT_FEEDS.filter((f) => f.url.startsWith("sample://") && f.language === "ar");
    expect(arabicSamples.length).toBeGreaterThanOrEqual(2);
    for (const f of arabicSamples) expect(f.name).toMatch(/\(sample feed\)$/);
  });

  it("ships Arabic sample stories on every news section, with no figures in them", async () => {
    const items = await s.news.latest({ limit: 100 });
    const economy = items.filter((i) => i.source === "نبض الخليج — الاقتصاد (sample feed)");
    expect(economy.length).toBeGreaterThanOrEqual(6);
    for (const item of economy) {
      expect(item.language).toBe("ar");
      expect(`${item.title} ${item.description}`).not.toMatch(/[0-9\u0660-\u0669]/);
    }
    for (const section of SECTIONS) {
      expect(
        economy.some((i) => i.category === section),
        section,
      ).toBe(true);
    }
  });
});

describe("the reader's language first", () => {
  it("puts each section's stories in the reader's language before the others", async () => {
    for (const section of SECTIONS) {
      for (const language of ["ar", "en"] as const) {
        const items = await s.news.latest({ category: section, limit: 12, language });
        expect(items[0]?.language, `${section} ${language}`).toBe(language);
        const firstOther = items.findIndex((i) => i.language !== language);
        if (firstOther >= 0) expect(items.slice(firstOther).every((i) => i.language !== language)).toBe(true);
      }
    }
  });

  it("the news page reads the wire in the reader's language", async () => {
    const ar = await s.content.newsPage("central-bank", { language: "ar" });
    expect(ar.latest[0]?.title).toBe("البنك المركزي السعودي يبقي على سياسته النقدية دون تغيير");
    const en = await s.content.newsPage("central-bank", { language: "en" });
    expect(en.latest[0]?.language).toBe("en");
  });

  it("the Arabic dashboard leads with Arabic stories, summarised and scored in Arabic", async () => {
    const d = await s.news.dashboard("ar");
    expect(d.feed?.[0]?.language).toBe("ar");
    const arabic = d.summaries!.filter((x) => ARABIC.test(x.originalTitle));
    expect(arabic.length).toBeGreaterThanOrEqual(3);
    for (const summary of arabic) {
      expect(summary.summary).toMatch(ARABIC);
      for (const point of summary.keyPoints) expect(point, point).toMatch(ARABIC);
    }
    const warning = d.feed!.find((i) => i.title.startsWith("عاجل: هيئة السوق المالية"));
    expect(warning).toBeDefined();
    const english = await s.news.dashboard("en");
    expect(english.feed?.[0]?.language).toBe("en");
    expect(english.summaries!.every((x) => !ARABIC.test(x.originalTitle))).toBe(true);
  });

  it("the shared copies are kept per language", async () => {
    const [ar, en] = await Promise.all([s.shared.dashboard("ar"), s.shared.dashboard("en")]);
    expect(ar.feed?.[0]?.language).toBe("ar");
    expect(en.feed?.[0]?.language).toBe("en");
    const page = await s.shared.newsPage("breaking", { language: "ar" });
    expect(page.latest[0]?.language).toBe("ar");
  });
});
