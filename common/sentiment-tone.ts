/**
 * Which sectors the market sentiment summary names: the two most bullish and the two
 * most bearish. Shared so the server's English summary (the API's `summary`) and the page's
 * summary in the reader's language (app/components/analytics/sentiment-card.tsx) name the same.
 */
export interface SectorTone {
  name: string;
  sentiment: "bullish" | "bearish" | "neutral";
  score: number;
}

export function toneLeaders(sectors: readonly SectorTone[]): {
  strongest: string[];
  underPressure: string[];
} {
  const strongest = sectors
    .filter((s) => s.sentiment === "bullish")
    .sort((a, b) => b.score - a.score)
    .slice(0, 2)
    .map((s) => s.name);
  const underPressure = sectors
    .filter((s) => s.sentiment === "bearish")
    .sort((a, b) => a.score - b.score)
    .slice(0, 2)
    .map((s) => s.name);
  return { strongest, underPressure };
}
