import { describe, expect, it } from "vitest";
import { analyzeOffline, impactOf } from "./offline-engine";
import { marketSentiment, overallRule } from "./overall";
import { confidenceOf, DEFAULT_CONFIDENCE, detectSectors, labelOf, scoreText } from "./sentiment";
import { summarize } from "./summarizer";

describe("lexicon sentiment (English)", () => {
  it("scores clear positive and negative headlines", () => {
    expect(labelOf(scoreText("TASI surges to a record high as banks rally").score)).toBe("positive");
    expect(labelOf(scoreText("Shares plunge after profit warning and losses").score)).toBe("negative");
    expect(labelOf(scoreText("Exchange publishes trading calendar for December").score)).toBe("neutral");
  });

  it("matches phrases before words and flips a negated word", () => {
    const warning = scoreText("profit warning");
    expect(warning.matches).toEqual(["profit warning"]);
    expect(warning.score).toBe(-3);
    expect(scoreText("Sell-off deepens").score).toBe(-2);
    expect(scoreText("Shares did not rise").score).toBeLessThan(0);
    expect(scoreText("Growth is not weak").score).toBeGreaterThan(0);
  });

  it("is neutral when positives and negatives cancel", () => {
    expect(labelOf(scoreText("Oil prices rise but demand concerns persist").score)).toBe("neutral");
  });
});

describe("lexicon sentiment (Arabic)", () => {
  it("reads Arabic words with clitics, hamza variants and diacritics", () => {
    expect(labelOf(scoreText("ارتفاع مؤشر السوق السعودية بدعم من مكاسب البنوك").score)).toBe("positive");
    expect(labelOf(scoreText("تراجع أسعار النفط وسط مخاوف بشأن الطلب").score)).toBe("negative");
    // "and the losses" with the clitic و + ال, and a hamza-less spelling of أرباح
    expect(scoreText("والخسائر").score).toBeLessThan(0);
    expect(scoreText("ارباح").score).toBeGreaterThan(0);
    expect(scoreText("ارْتِفَاع").score).toBeGreaterThan(0);
  });

  it("flips a word after an Arabic negator", () => {
    expect(scoreText("لم ترتفع الأسعار").score).toBeLessThan(0);
  });

  it("reads Arabic headlines whose phrases are more than their words", () => {
    expect(labelOf(scoreText("ارتفاع قوي لأرباح البنك").score)).toBe("positive");
    // "a fall in profits" is bad news and "a fall in losses" good, with or without the article.
    expect(labelOf(scoreText("انخفاض أرباح الشركة في الربع الثالث").score)).toBe("negative");
    expect(scoreText("تراجع الأرباح الفصلية").matches).toEqual(["تراجع الارباح"]);
    expect(labelOf(scoreText("تراجع الخسائر").score)).toBe("positive");
    expect(labelOf(scoreText("المؤشر يصعد إلى أعلى مستوى").score)).toBe("positive");
  });

  it("ignores words that are Object.prototype's names", () => {
    expect(scoreText("constructor toString hasOwnProperty")).toMatchObject({ score: 0, matches: [] });
  });
});

describe("confidence and impact", () => {
  it("uses the spec's 0.75 default when nothing signals either way", () => {
    expect(confidenceOf(scoreText("Board meeting scheduled for Tuesday"))).toBe(DEFAULT_CONFIDENCE);
  });

  it("is higher for strong one-sided stories than for mixed ones", () => {
    const strong = confidenceOf(scoreText("Stocks surge, profits soar, record high, strong growth"));
    const mixed = confidenceOf(scoreText("Profits rise but losses and concerns grow"));
    expect(strong).toBeGreaterThan(mixed);
    expect(strong).toBeLessThanOrEqual(0.95);
  });

  it("rates macro/policy news high, housekeeping low, the rest medium", () => {
    expect(impactOf("SAMA raises interest rates by 25 basis points", 0)).toBe("high");
    expect(impactOf("Company appoints new CEO at annual conference", 0)).toBe("low");
    expect(impactOf("Retailer opens stores in Riyadh", 0.5)).toBe("medium");
  });

  it("finds sectors in English and Arabic", () => {
    expect(detectSectors("Banks and real estate developers gained; Aramco fell")).toEqual([
      "Banking",
      "Energy",
      "Real Estate",
    ]);
    expect(detectSectors("ارتفاع أسهم البنوك والاتصالات")).toEqual(["Banking", "Telecom"]);
  });
});

describe("extractive summarizer", () => {
  const title = "Saudi banks lift TASI to six-week high";
  const body =
    "The Tadawul All Share Index rose 1.2% to 11,420 points, its highest close in six weeks. " +
    "Banks led the gains after results showed strong loan growth. " +
    "The weather in Riyadh was mild. " +
    "Trading value climbed to SAR 7.8 billion, above the monthly average.";

  it("keeps the most informative sentences in their original order and drops filler", () => {
    const { summary } = summarize(title, body);
    expect(summary).toContain("The Tadawul All Share Index rose 1.2%");
    expect(summary).not.toContain("weather");
    expect(summary.length).toBeLessThanOrEqual(320);
    const first = summary.indexOf("Tadawul");
    const second =
      summary.indexOf("Banks led") >= 0 ? summary.indexOf("Banks led") : summary.indexOf("Trading value");
    expect(second).toBeGreaterThan(first);
  });

  it("lists key points with the story's figures, sectors and markets", () => {
    const { keyPoints } = summarize(title, body);
    expect(keyPoints.length).toBeGreaterThanOrEqual(2);
    expect(keyPoints.length).toBeLessThanOrEqual(4);
    const figures = keyPoints.find((p) => p.startsWith("Key figures:"));
    expect(figures).toContain("1.2%");
    expect(figures).toContain("SAR 7.8 billion");
    expect(keyPoints).toContain("Sectors: Banking");
    expect(keyPoints.some((p) => p.startsWith("Markets:") && p.includes("TASI"))).toBe(true);
  });

  it("falls back to the title when there is no text", () => {
    expect(summarize("Quiet session", "")).toEqual({
      summary: "Quiet session",
      keyPoints: ["Quiet session"],
    });
  });

  it("summarizes Arabic with Arabic labels", () => {
    const r = summarize(
      "ارتفاع أرباح البنوك السعودية",
      "حققت البنوك السعودية نمواً في الأرباح بنسبة 12% خلال الربع الثالث. وارتفعت قيمة التداول إلى 7.8 مليار ريال.",
    );
    expect(r.summary).toContain("البنوك السعودية");
    expect(r.keyPoints.some((p) => p.startsWith("القطاعات: البنوك"))).toBe(true);
    expect(r.keyPoints.some((p) => p.startsWith("أرقام رئيسية") && p.includes("12%"))).toBe(true);
  });

  it("cuts very long text sensibly", () => {
    const long = "Banks rallied strongly today on record profits. ".repeat(200);
    const r = summarize("Banks rally", long);
    expect(r.summary.length).toBeLessThanOrEqual(321);
  });
});

describe("offline engine", () => {
  it("produces the spec's news summary shape", () => {
    const a = analyzeOffline({
      title: "Brent slumps as OPEC+ output rises",
      text: "Brent crude fell 3% to $62 a barrel after OPEC+ agreed to raise output. Energy shares declined.",
      language: "en",
    });
    expect(a.sentiment).toBe("negative");
    expect(a.marketImpact).toBe("high");
    expect(a.sectors).toContain("Energy");
    expect(a.confidence).toBeGreaterThan(0);
    expect(a.confidence).toBeLessThanOrEqual(1);
    expect(a.keyPoints.length).toBeGreaterThan(0);
    expect(a.engine).toBe("offline");
  });
});

describe("overall sentiment (the 60% rule)", () => {
  it("is bullish 0.85 only above 60% positive", () => {
    expect(overallRule({ positive: 7, negative: 1, total: 10 })).toEqual({
      overall: "bullish",
      confidence: 0.85,
    });
    expect(overallRule({ positive: 4, negative: 0, total: 5 })).toEqual({
      overall: "bullish",
      confidence: 0.85,
    });
    // exactly 60% is not more than 60%
    expect(overallRule({ positive: 3, negative: 0, total: 5 })).toEqual({
      overall: "neutral",
      confidence: 0.7,
    });
  });

  it("is bearish 0.85 only above 60% negative", () => {
    expect(overallRule({ positive: 0, negative: 7, total: 10 })).toEqual({
      overall: "bearish",
      confidence: 0.85,
    });
    expect(overallRule({ positive: 0, negative: 6, total: 10 })).toEqual({
      overall: "neutral",
      confidence: 0.7,
    });
  });

  it("is neutral 0.7 otherwise, including with no stories", () => {
    expect(overallRule({ positive: 5, negative: 5, total: 10 })).toEqual({
      overall: "neutral",
      confidence: 0.7,
    });
    expect(overallRule({ positive: 0, negative: 0, total: 0 })).toEqual({
      overall: "neutral",
      confidence: 0.7,
    });
  });

  it("scores sectors from the stories that mention them and writes a summary", () => {
    const r = marketSentiment([
      { sentiment: "positive", confidence: 0.8, sectors: ["Banking"] },
      { sentiment: "positive", confidence: 0.6, sectors: ["Banking", "Real Estate"] },
      { sentiment: "negative", confidence: 0.9, sectors: ["Energy"] },
      { sentiment: "positive", confidence: 0.7, sectors: [] },
      { sentiment: "positive", confidence: 0.7, sectors: ["Energy"] },
    ]);
    expect(r.overall).toBe("bullish");
    expect(r.confidence).toBe(0.85);
    expect(r.counts).toEqual({ positive: 4, negative: 1, neutral: 0, total: 5 });
    const banking = r.sectors.find((s) => s.name === "Banking")!;
    expect(banking).toEqual({ name: "Banking", sentiment: "bullish", score: 0.7, mentions: 2 });
    const energy = r.sectors.find((s) => s.name === "Energy")!;
    expect(energy.score).toBe(-0.1);
    expect(energy.sentiment).toBe("neutral");
    expect(r.sectors).toHaveLength(3);
    expect(r.summary).toContain("5 recent headlines");
    expect(r.summary).toContain("bullish");
    expect(r.summary).toContain("Banking");
  });
});
