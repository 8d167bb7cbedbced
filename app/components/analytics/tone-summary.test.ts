import { describe, expect, it } from "vitest";
import { type AnalysedStory, marketSentiment } from "#server/news/analysis/overall";
import { createI18n } from "~/lib/i18n";
import "~/locales/analytics";
import { toneSummary } from "./tone-summary";
import type { SentimentView } from "./view";

const stories: AnalysedStory[] = [
  { sentiment: "positive", confidence: 0.8, sectors: ["Banking"] },
  { sentiment: "positive", confidence: 0.6, sectors: ["Banking", "Real Estate"] },
  { sentiment: "negative", confidence: 0.9, sectors: ["Energy"] },
  { sentiment: "negative", confidence: 0.9, sectors: ["Energy", "Transport & Tourism"] },
  { sentiment: "positive", confidence: 0.7, sectors: [] },
];

const view = (r: ReturnType<typeof marketSentiment>): SentimentView => ({
  overall: r.overall,
  confidencePercent: 70,
  sectors: r.sectors,
  counts: r.counts,
  analysedAt: null,
});

const summaryIn = (
  lang: "en" | "ar",
  r: ReturnType<typeof marketSentiment>,
  digits: "latn" | "arab" = "latn",
) => toneSummary(createI18n(lang, digits).getFixedT(lang, "analytics"), view(r));

describe("the market sentiment summary in the page's language", () => {
  it("English pages word it exactly as the API's summary", () => {
    for (const list of [stories, stories.slice(0, 1), stories.slice(2, 4), []]) {
      const r = marketSentiment(list);
      expect(summaryIn("en", r)).toBe(r.summary);
    }
    expect(summaryIn("en", marketSentiment(stories))).toContain("Strongest: Banking and Real Estate.");
  });

  it("Arabic pages get it in Arabic, sector names included, with the chosen digits", () => {
    const r = marketSentiment(stories);
    const ar = summaryIn("ar", r);
    expect(ar).toContain("من أصل 5 عناوين حديثة");
    expect(ar).toContain("الأقوى أداءً: البنوك والعقارات.");
    expect(ar).toContain("تحت الضغط: الطاقة والنقل والسياحة.");
    expect(ar).not.toMatch(/[A-Za-z]/);
    expect(summaryIn("ar", r, "arab")).toContain("من أصل ٥ عناوين حديثة");
    expect(summaryIn("ar", marketSentiment([]))).toBe("لا توجد عناوين حديثة لتحليلها بعد.");
  });
});
