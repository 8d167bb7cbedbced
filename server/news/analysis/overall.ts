import { toneLeaders } from "#common/sentiment-tone";
import type { ItemSentiment } from "./sentiment";

export type OverallSentiment = "bullish" | "bearish" | "neutral";

export interface SectorSentiment {
  name: string;
  sentiment: OverallSentiment;
  /** -1 (all bearish) to 1 (all bullish), the confidence-weighted mean of the sector's stories. */
  score: number;
  /** How many stories mention the sector. */
  mentions: number;
}

/** The overall sentiment result. */
export interface SentimentResult {
  overall: OverallSentiment;
  confidence: number;
  sectors: SectorSentiment[];
  summary: string;
  counts: { positive: number; negative: number; neutral: number; total: number };
}

export interface AnalysedStory {
  sentiment: ItemSentiment;
  confidence: number;
  sectors: string[];
}

const SECTOR_LEAN = 0.15;

/** More than 60% positive is bullish (0.85), more than 60% negative bearish (0.85), else neutral (0.7). */
export function overallRule(counts: { positive: number; negative: number; total: number }): {
  overall: OverallSentiment;
  confidence: number;
} {
  if (counts.total > 0 && counts.positive / counts.total > 0.6)
    return { overall: "bullish", confidence: 0.85 };
  if (counts.total > 0 && counts.negative / counts.total > 0.6)
    return { overall: "bearish", confidence: 0.85 };
  return { overall: "neutral", confidence: 0.7 };
}

export function marketSentiment(stories: AnalysedStory[]): SentimentResult {
  const counts = { positive: 0, negative: 0, neutral: 0, total: stories.length };
  for (const s of stories) counts[s.sentiment]++;
  const { overall, confidence } = overallRule(counts);

  const bySector = new Map<string, { sum: number; n: number }>();
  for (const s of stories) {
    const signed = s.sentiment === "positive" ? s.confidence : s.sentiment === "negative" ? -s.confidence : 0;
    for (const name of new Set(s.sectors)) {
      const acc = bySector.get(name) ?? { sum: 0, n: 0 };
      acc.sum += signed;
      acc.n++;
      bySector.set(name, acc);
    }
  }
  const sectors: SectorSentiment[] = [...bySector.entries()]
    .map(([name, { sum, n }]) => {
      const score = Math.round((sum / n) * 100) / 100;
      const sentiment: OverallSentiment =
        score > SECTOR_LEAN ? "bullish" : score < -SECTOR_LEAN ? "bearish" : "neutral";
      return { name, sentiment, score, mentions: n };
    })
    .sort(
      (a, b) =>
        b.mentions - a.mentions || Math.abs(b.score) - Math.abs(a.score) || a.name.localeCompare(b.name),
    );

  return { overall, confidence, sectors, summary: describeTone(overall, counts, sectors), counts };
}

/** The API's summary, in English (pages render theirs from the catalogs: sentiment-card.tsx). */
function describeTone(
  overall: OverallSentiment,
  counts: SentimentResult["counts"],
  sectors: SectorSentiment[],
): string {
  if (counts.total === 0) return "No recent headlines to analyse yet.";
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const parts = [
    `Across ${plural(counts.total, "recent headline")}, ${counts.positive} read positive, ${counts.negative} negative and ${counts.neutral} neutral, so the overall market tone is ${overall}.`,
  ];
  const { strongest, underPressure } = toneLeaders(sectors);
  if (strongest.length) parts.push(`Strongest: ${strongest.join(" and ")}.`);
  if (underPressure.length) parts.push(`Under pressure: ${underPressure.join(" and ")}.`);
  return parts.join(" ");
}
