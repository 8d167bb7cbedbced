import {
  AR_ARTICLES,
  AR_NEGATORS,
  AR_PHRASES,
  AR_PREFIXES,
  AR_WORDS,
  EN_NEGATORS,
  EN_PHRASES,
  EN_WORDS,
  normalizeArabic,
  SECTOR_TERMS,
} from "./lexicon";

export type ItemSentiment = "positive" | "neutral" | "negative";

export interface LexiconScore {
  /** Sum of matched weights, signed (negation flips a weight). */
  score: number;
  positive: number;
  negative: number;
  /** The words that counted, for key points and debugging. */
  matches: string[];
}

/** A score at or beyond this is a clear lean; smaller sums are neutral. */
const THRESHOLD = 1;
/** The summary confidence when nothing signals either way (docs/product/news-analytics.md). */
export const DEFAULT_CONFIDENCE = 0.75;
const NEGATION_WINDOW = 3;

export function tokenize(text: string): string[] {
  return normalizeArabic(text.toLowerCase())
    .replace(/[-–—/]/g, " ")
    .split(/[^\p{L}\p{N}'’&+]+/u)
    .map((t) => t.replace(/^['’]+|['’]+$/g, "").replace(/’/g, "'"))
    .filter(Boolean);
}

/** Weight of one token, trying Arabic clitic prefixes ("والارتفاع" -> "ارتفاع"). */
function weightOf(token: string): number | undefined {
  // Own keys only: "constructor" in a headline is not Object.prototype's (it scored NaN).
  if (Object.hasOwn(EN_WORDS, token)) return EN_WORDS[token];
  if (Object.hasOwn(AR_WORDS, token)) return AR_WORDS[token];
  for (const prefix of AR_PREFIXES) {
    if (token.length > prefix.length + 2 && token.startsWith(prefix)) {
      const stem = token.slice(prefix.length);
      if (Object.hasOwn(AR_WORDS, stem)) return AR_WORDS[stem];
    }
  }
  return undefined;
}

/** An Arabic token without its article ("الأرباح" -> "ارباح"), for phrase lookups. */
function withoutArticle(token: string): string {
  const article = AR_ARTICLES.find((a) => token.length > a.length + 2 && token.startsWith(a));
  return article ? token.slice(article.length) : token;
}

function phraseWeight(words: string[]): number | undefined {
  const phrase = words.join(" ");
  if (Object.hasOwn(EN_PHRASES, phrase)) return EN_PHRASES[phrase];
  const bare = words.map(withoutArticle).join(" ");
  return Object.hasOwn(AR_PHRASES, bare) ? AR_PHRASES[bare] : undefined;
}

/** Scores a text with the lexicon: phrases first, then words, each flipped by a nearby negator. */
export function scoreText(text: string): LexiconScore {
  const tokens = tokenize(text);
  const result: LexiconScore = { score: 0, positive: 0, negative: 0, matches: [] };
  for (let i = 0; i < tokens.length; i++) {
    let weight: number | undefined;
    let width = 1;
    for (const n of [3, 2]) {
      if (i + n > tokens.length) continue;
      const phraseW = phraseWeight(tokens.slice(i, i + n));
      if (phraseW !== undefined) {
        weight = phraseW;
        width = n;
        break;
      }
    }
    weight ??= weightOf(tokens[i]!);
    if (weight !== undefined) {
      const before = tokens.slice(Math.max(0, i - NEGATION_WINDOW), i);
      if (before.some((t) => EN_NEGATORS.has(t) || AR_NEGATORS.has(t))) weight = -weight;
      result.score += weight;
      if (weight > 0) result.positive++;
      else result.negative++;
      result.matches.push(tokens.slice(i, i + width).join(" "));
    }
    i += width - 1;
  }
  result.score = Math.round(result.score * 100) / 100;
  return result;
}

export function labelOf(score: number): ItemSentiment {
  if (score >= THRESHOLD) return "positive";
  if (score <= -THRESHOLD) return "negative";
  return "neutral";
}

/**
 * Confidence grows with the strength and number of signals and shrinks when they disagree; with no
 * signal at all it is the product's default, 0.75.
 */
export function confidenceOf(s: LexiconScore): number {
  const hits = s.positive + s.negative;
  if (hits === 0) return DEFAULT_CONFIDENCE;
  const mixed = Math.min(s.positive, s.negative);
  const c = 0.55 + 0.08 * Math.abs(s.score) + 0.04 * hits - 0.1 * mixed;
  return Math.round(Math.min(0.95, Math.max(0.5, c)) * 100) / 100;
}

export function detectSectors(text: string): string[] {
  return Object.entries(SECTOR_TERMS)
    .filter(([, re]) => re.test(text))
    .map(([name]) => name);
}
