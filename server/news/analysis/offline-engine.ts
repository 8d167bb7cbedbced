import { HIGH_IMPACT, LOW_IMPACT } from "./lexicon";
import { confidenceOf, detectSectors, labelOf, scoreText } from "./sentiment";
import { summarize } from "./summarizer";
import type { AnalysisEngine, AnalysisInput, ItemAnalysis, MarketImpact } from "./types";

/** Runs with no network: extractive summary, lexicon sentiment, keyword sectors and impact. */
export function analyzeOffline(input: AnalysisInput): ItemAnalysis {
  const all = `${input.title}. ${input.text}`;
  const { summary, keyPoints } = summarize(input.title, input.text);
  // The headline is the publisher's own verdict, so it counts twice.
  const lexicon = scoreText(`${input.title}. ${input.title}. ${input.text}`);
  return {
    summary,
    keyPoints,
    sentiment: labelOf(lexicon.score),
    confidence: confidenceOf(lexicon),
    marketImpact: impactOf(all, lexicon.score),
    sectors: detectSectors(all),
    engine: "offline",
  };
}

/** Market impact: medium unless the story is clearly macro/policy (high) or housekeeping (low). */
export function impactOf(text: string, score: number): MarketImpact {
  if (HIGH_IMPACT.test(text) || Math.abs(score) >= 4) return "high";
  if (LOW_IMPACT.test(text) && Math.abs(score) < 2) return "low";
  return "medium";
}

export const offlineEngine: AnalysisEngine = {
  name: "offline",
  analyze: async (input) => analyzeOffline(input),
};
