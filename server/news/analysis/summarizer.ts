import arabicAnalytics from "~/locales/ar/analytics.json";
import { collapseWhitespace, detectLanguage, splitSentences, truncate } from "../text";
import { MARKET_TERMS } from "./lexicon";

// Sector names in Arabic, from the catalog the analytics page also uses.
const SECTOR_NAMES_AR: Record<string, string> = arabicAnalytics.sectorNames;

import { detectSectors, scoreText, tokenize } from "./sentiment";

export interface ExtractiveSummary {
  summary: string;
  keyPoints: string[];
}

const MAX_SUMMARY = 320;
const MAX_POINT = 160;
const MAX_POINTS = 4;

// biome-ignore format: a word list reads best compact
const STOPWORDS = new Set([
  "the", "a", "an", "and", "or", "of", "to", "in", "on", "for", "at", "by", "with", "from", "as", "is", "are",
  "was", "were", "be", "been", "it", "its", "this", "that", "these", "those", "has", "have", "had", "will",
  "would", "said", "says", "after", "before", "over", "into", "than", "but", "also", "which", "who", "their",
  "they", "he", "she", "we", "you", "per", "cent", "more", "up", "down", "about", "new", "year",
  "في", "من", "على", "الى", "إلى", "عن", "مع", "ان", "أن", "التي", "الذي", "هذا", "هذه", "كما", "وقد", "قد", "او", "أو", "بعد", "قبل",
].map((w) => tokenize(w)[0] ?? w));

// "2.4%", "SAR 1.2 billion", "$3bn", "AED 500 million", "1,234 points", "72.5 dollars"
const FIGURE =
  /(?:(?:US\$|\$|SAR|AED|QAR|KWD|BHD|OMR|JOD|USD|€|£)\s?)?\d[\d,]*(?:\.\d+)?\s?(?:%|per ?cent|bn|billion|million|mn|trillion|points|bps|basis points|barrels|مليار|مليون|نقطة|٪)?/giu;

/**
 * Extractive summary: sentences are scored by how many of the story's frequent words they carry
 * (title words count double), plus figures, sentiment words and position; the best ones are kept
 * in their original order. Key points add the next best sentences and the facts found in the text.
 */
export function summarize(title: string, body: string): ExtractiveSummary {
  const text = collapseWhitespace(body);
  const lang = detectLanguage(`${title} ${text}`);
  const sentences = splitSentences(text).filter((s) => !sameText(s, title));
  const freq = new Map<string, number>();
  const count = (t: string, by: number) => {
    if (t.length > 1 && !STOPWORDS.has(t)) freq.set(t, (freq.get(t) ?? 0) + by);
  };
  for (const t of tokenize(title)) count(t, 2);
  for (const t of tokenize(text)) count(t, 1);

  const scored = sentences.map((sentence, index) => {
    const tokens = tokenize(sentence).filter((t) => !STOPWORDS.has(t));
    const overlap = tokens.reduce((sum, t) => sum + (freq.get(t) ?? 0), 0);
    const lexicon = scoreText(sentence);
    let score = overlap / Math.sqrt(Math.max(tokens.length, 1));
    if (/\d/.test(sentence)) score += 1.5;
    score += 0.5 * (lexicon.positive + lexicon.negative);
    if (index === 0) score += 1;
    if (tokens.length < 4) score -= 2;
    return { sentence, index, score };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);

  const chosen: typeof scored = [];
  let length = 0;
  for (const s of ranked) {
    if (chosen.length >= 2) break;
    if (chosen.length > 0 && length + s.sentence.length > MAX_SUMMARY) continue;
    chosen.push(s);
    length += s.sentence.length;
  }
  chosen.sort((a, b) => a.index - b.index);
  const summary = chosen.length
    ? truncate(chosen.map((s) => s.sentence).join(" "), MAX_SUMMARY)
    : truncate(collapseWhitespace(title), MAX_SUMMARY);

  const points: string[] = ranked
    .filter((s) => !chosen.includes(s) && s.score > 0)
    .slice(0, 2)
    .map((s) => truncate(s.sentence, MAX_POINT));
  points.push(...facts(`${title} ${text}`, lang));
  if (points.length === 0) points.push(truncate(collapseWhitespace(title), MAX_POINT));
  return { summary, keyPoints: dedupe(points).slice(0, MAX_POINTS) };
}

/** Figures, sectors and markets the story mentions, as labelled key points. */
function facts(text: string, lang: "ar" | "en"): string[] {
  const out: string[] = [];
  const figures = dedupe(
    (text.match(FIGURE) ?? [])
      .map((f) => f.trim())
      // A bare number ("20", "2026") is not a figure worth repeating; one with a unit or currency is.
      .filter((f) => /[^\d,.\s]/.test(f)),
  ).slice(0, 3);
  if (figures.length) out.push(`${lang === "ar" ? "أرقام رئيسية" : "Key figures"}: ${figures.join(", ")}`);
  const sectors = detectSectors(text);
  if (sectors.length) {
    const names = lang === "ar" ? sectors.map((s) => SECTOR_NAMES_AR[s] ?? s) : sectors;
    out.push(
      `${lang === "ar" ? "القطاعات" : "Sectors"}: ${names.slice(0, 3).join(lang === "ar" ? "، " : ", ")}`,
    );
  }
  const markets = MARKET_TERMS.filter(([, re]) => re.test(text)).map(([name]) => name);
  if (markets.length) out.push(`${lang === "ar" ? "الأسواق" : "Markets"}: ${markets.slice(0, 4).join(", ")}`);
  return out;
}

function sameText(a: string, b: string) {
  const norm = (s: string) => tokenize(s).join(" ");
  return norm(a) === norm(b);
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}
