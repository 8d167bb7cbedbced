import type { ItemSentiment } from "./sentiment";

export type MarketImpact = "low" | "medium" | "high";

/** A news summary (with per-item sentiment), as cached in news_analyses. */
export interface ItemAnalysis {
  summary: string;
  keyPoints: string[];
  sentiment: ItemSentiment;
  confidence: number;
  marketImpact: MarketImpact;
  sectors: string[];
  /** "offline", "offline-fallback" or "ai:<model>": shown so users know what wrote the summary. */
  engine: string;
}

/** What an engine reads: the item's visible text. */
export interface AnalysisInput {
  title: string;
  text: string;
  language: "ar" | "en";
}

/** The AI engine's name: the dashboard and the logs show which engine analysed the news. */
export const aiEngineName = (model: string) => `ai:${model}`;

export interface AnalysisEngine {
  readonly name: string;
  analyze(input: AnalysisInput, signal?: AbortSignal): Promise<ItemAnalysis>;
}
