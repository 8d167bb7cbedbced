import type { Dashboard, NewsSummary } from "#server/news/dashboard";
import type { NewsItem } from "#server/news/types";
import type { Format } from "~/lib/format";

/**
 * What the dashboard renders. Dates are formatted once on the server (in GMT, as the site shows
 * every time, in the page's language and digits) so the browser hydrates the exact same text.
 */
export interface FeedItemView {
  id: string;
  title: string;
  descriptionHtml: string;
  link: string | null;
  source: string;
  category: string;
  published: string;
  publishedIso: string;
  language: string;
}

export interface SummaryView {
  itemId: string;
  originalTitle: string;
  link: string | null;
  summary: string;
  keyPoints: string[];
  sentiment: NewsSummary["sentiment"];
  marketImpact: NewsSummary["marketImpact"];
  confidencePercent: number;
  engine: string;
  language: string;
}

export interface SentimentView {
  overall: "bullish" | "bearish" | "neutral";
  confidencePercent: number;
  sectors: Array<{ name: string; sentiment: "bullish" | "bearish" | "neutral"; score: number }>;
  /** The headline counts the page words its summary from, in the page's language. */
  counts: { positive: number; negative: number; neutral: number; total: number };
  analysedAt: string | null;
}

export interface DashboardView {
  feed: FeedItemView[] | null;
  summaries: SummaryView[] | null;
  sentiment: SentimentView | null;
  engine: string;
}

export interface EducationView {
  section: string;
  cards: Array<{ slug: string; title: string; body: string; titleAr: string | null; bodyAr: string | null }>;
}

const percent = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100);
const languageOf = (text: string) => (/[\u0600-\u06ff]/.test(text) ? "ar" : "en");

export function toDashboardView(d: Dashboard, f: Format): DashboardView {
  return {
    engine: d.engine,
    feed: d.feed?.map((item) => feedItemView(item, f)) ?? null,
    summaries:
      d.summaries?.map((s) => ({
        itemId: s.itemId,
        originalTitle: s.originalTitle,
        link: s.link,
        summary: s.summary,
        keyPoints: s.keyPoints,
        sentiment: s.sentiment,
        marketImpact: s.marketImpact,
        confidencePercent: percent(s.confidence),
        engine: s.engine,
        language: languageOf(s.originalTitle),
      })) ?? null,
    sentiment: d.sentiment
      ? {
          overall: d.sentiment.overall,
          confidencePercent: percent(d.sentiment.confidence),
          sectors: d.sentiment.sectors.map(({ name, sentiment, score }) => ({ name, sentiment, score })),
          counts: d.sentiment.counts,
          analysedAt: d.sentiment.analysedAt ? f.gmtStamp(d.sentiment.analysedAt) : null,
        }
      : null,
  };
}

function feedItemView(item: NewsItem & { language?: string }, f: Format): FeedItemView {
  return {
    id: item.id,
    title: item.title,
    descriptionHtml: item.description,
    link: item.link,
    source: item.source,
    category: item.category,
    published: `${f.weekdayDate(item.pubDate)}${f.lang === "ar" ? "، " : ", "}${f.gmtTime(item.pubDate)}`,
    publishedIso: item.pubDate.toISOString(),
    language: item.language ?? languageOf(item.title),
  };
}

export function toEducationView(
  cards: Array<{
    slug: string;
    section: string;
    title: string;
    body: string;
    titleAr: string | null;
    bodyAr: string | null;
  }>,
) {
  const sections: EducationView[] = [];
  for (const card of cards) {
    let section = sections.find((s) => s.section === card.section);
    if (!section) {
      section = { section: card.section, cards: [] };
      sections.push(section);
    }
    const { slug, title, body, titleAr, bodyAr } = card;
    section.cards.push({ slug, title, body, titleAr, bodyAr });
  }
  return sections;
}
