import { and, eq, like } from "drizzle-orm";
import type { Config } from "#server/config";
import type { Db } from "#server/db/client";
import { anyFillable, filledValue } from "#server/db/fill-translations";
import type { Logger } from "#server/logger";
import { educationCards, newsFeeds } from "../db/schema";
import { EDUCATION_CARDS_AR } from "./education-ar";
import { pollFeed } from "./ingest";

/** A feed of the seed list: its address, the name readers see, its default category and language. */
export interface SeedFeed {
  url: string;
  name: string;
  category: string;
  /** The language the feed publishes in: Arabic pages read the Arabic feeds first, English pages the English. */
  language: "ar" | "en";
}

/**
 * Default feeds, each with its language. The sample:// files ship with the app so the embedded
 * default shows news in both languages with no internet; the real Gulf business feeds (English and
 * Arabic desks) are seeded only when RSS_SEED_REAL_FEEDS allows, and back off while offline.
 */
export const DEFAULT_FEEDS: SeedFeed[] = [
  {
    url: "sample://gulf-markets.rss.xml",
    name: "GulfPulse Markets Desk (sample feed)",
    category: "markets",
    language: "en",
  },
  {
    url: "sample://central-banks.atom.xml",
    name: "GulfPulse Policy Watch (sample feed)",
    category: "central-bank",
    language: "en",
  },
  {
    url: "sample://gulf-economy.rdf.xml",
    name: "GulfPulse Economy Monitor (sample feed)",
    category: "economic",
    language: "en",
  },
  {
    url: "sample://gulf-wire.rss.xml",
    name: "GulfPulse Wire (sample feed)",
    category: "breaking",
    language: "en",
  },
  {
    url: "sample://arabic-markets.rss.xml",
    name: "نبض الخليج — الأسواق (sample feed)",
    category: "markets",
    language: "ar",
  },
  {
    url: "sample://arabic-economy.rss.xml",
    name: "نبض الخليج — الاقتصاد (sample feed)",
    category: "economic",
    language: "ar",
  },
  {
    url: "https://www.thenationalnews.com/arc/outboundfeeds/rss/category/business/?outputType=xml",
    name: "The National — Business",
    category: "markets",
    language: "en",
  },
  { url: "https://gulfbusiness.com/feed/", name: "Gulf Business", category: "markets", language: "en" },
  {
    url: "https://www.arabnews.com/cat/3/rss.xml",
    name: "Arab News — Business & Economy",
    category: "economic",
    language: "en",
  },
  {
    url: "https://www.aljazeera.com/xml/rss/all.xml",
    name: "Al Jazeera",
    category: "breaking",
    language: "en",
  },
  // Arabic Gulf business desks: Argaam (Saudi market news), Al Arabiya's markets and economy
  // section, Asharq Al-Awsat's economy pages.
  { url: "https://www.argaam.com/ar/rss", name: "أرقام", category: "markets", language: "ar" },
  {
    url: "https://www.alarabiya.net/feed/rss2/ar/aswaq.xml",
    name: "العربية — أسواق",
    category: "economic",
    language: "ar",
  },
  {
    url: "https://aawsat.com/feed/business",
    name: "الشرق الأوسط — اقتصاد",
    category: "economic",
    language: "ar",
  },
];

/** The news analytics page's Education tab: two sections of three static cards. */
export const EDUCATION_CARDS = [
  {
    slug: "understanding-gulf-stock-markets",
    section: "Market Fundamentals",
    title: "Understanding Gulf Stock Markets",
    body: "How TADAWUL, DFM and ADX work: trading days and hours, daily price limits, indices such as TASI, DFMGI and FADGI, and who the main listed sectors are.",
  },
  {
    slug: "currency-trading-in-the-gulf",
    section: "Market Fundamentals",
    title: "Currency Trading in the Gulf",
    body: "Why the AED and SAR are pegged to the US dollar, what the peg means for interest rates and volatility, and which pairs actually move.",
  },
  {
    slug: "oil-market-impact",
    section: "Market Fundamentals",
    title: "Oil Market Impact",
    body: "How Brent prices and OPEC+ output decisions flow into Gulf budgets, bank liquidity and the share prices of energy and petrochemical companies.",
  },
  {
    slug: "technical-analysis-basics",
    section: "Trading Strategies",
    title: "Technical Analysis Basics",
    body: "Reading trends, support and resistance, moving averages and volume, and why signals need confirmation in thinly traded Gulf stocks.",
  },
  {
    slug: "risk-management",
    section: "Trading Strategies",
    title: "Risk Management",
    body: "Position sizing, stop-loss orders, diversification across Gulf markets and never risking more than you can afford to lose.",
  },
  {
    slug: "islamic-finance-principles",
    section: "Trading Strategies",
    title: "Islamic Finance Principles",
    body: "Sharia-compliant investing: no riba (interest), screening out prohibited activities, sukuk versus bonds, and how Islamic accounts work with brokers.",
  },
].map((card, i) => ({ ...card, sortOrder: i + 1 }));

export async function seedNewsFeeds(s: {
  db: Db;
  log: Logger;
  config: Pick<Config, "RSS_POLL_MINUTES" | "RSS_SEED_REAL_FEEDS">;
}): Promise<number> {
  const feeds = await s.db
    .insert(newsFeeds)
    .values(
      DEFAULT_FEEDS.filter((f) => s.config.RSS_SEED_REAL_FEEDS || f.url.startsWith("sample://")).map(
        ({ url, name, category }) => ({ url, name, category }),
      ),
    )
    .onConflictDoNothing({ target: newsFeeds.url })
    .returning({ id: newsFeeds.id });
  // The shipped samples are read now (local files, milliseconds) so news shows before the first job run.
  const samples = await s.db
    .select()
    .from(newsFeeds)
    .where(and(like(newsFeeds.url, "sample://%"), eq(newsFeeds.enabled, true)));
  let items = 0;
  for (const feed of samples) {
    const report = await pollFeed(
      { db: s.db, log: s.log, pollIntervalMs: s.config.RSS_POLL_MINUTES * 60_000 },
      feed,
    );
    items += report.added.length;
  }
  return feeds.length + items;
}

/** The education cards with their Arabic versions; idempotent, then the Arabic filled into older cards. */
export async function seedEducation(s: { db: Db }): Promise<number> {
  const rows = await s.db
    .insert(educationCards)
    .values(EDUCATION_CARDS.map((card) => ({ ...card, ...EDUCATION_CARDS_AR[card.slug] })))
    .onConflictDoNothing({ target: educationCards.slug })
    .returning({ id: educationCards.id });
  let filled = 0;
  for (const card of EDUCATION_CARDS) {
    const ar = EDUCATION_CARDS_AR[card.slug];
    if (!ar) continue;
    const title = {
      source: educationCards.title,
      shipped: card.title,
      target: educationCards.titleAr,
      text: ar.titleAr,
    };
    const body = {
      source: educationCards.body,
      shipped: card.body,
      target: educationCards.bodyAr,
      text: ar.bodyAr,
    };
    const updated = await s.db
      .update(educationCards)
      .set({ titleAr: filledValue(title), bodyAr: filledValue(body) })
      .where(anyFillable(eq(educationCards.slug, card.slug), [title, body]))
      .returning({ id: educationCards.id });
    filled += updated.length;
  }
  return rows.length + filled;
}
