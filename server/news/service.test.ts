import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYSIS_REFRESH_LIMITED } from "#common/analytics-schema";
import { educationCards, newsAnalyses, newsFeeds, newsItems } from "../db/schema";
import type { Services } from "../services";
import { signUpVerified } from "../testing/fixtures";
import { createTestServices } from "../testing/test-services";
import { REFRESH_LIMITS } from "./refresh-gate";
import { EDUCATION_CARDS, seedEducation, seedNewsFeeds } from "./seed";
import { SUMMARY_COUNT } from "./service";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
  await seedNewsFeeds(s);
  await seedEducation(s);
});
afterAll(() => s.close());

describe("seeded news (offline default)", () => {
  it("ingests the shipped sample feeds in every format, English and Arabic", async () => {
    const feeds = await s.news.feeds();
    expect(feeds.filter((f) => f.url.startsWith("sample://")).every((f) => f.lastStatus === "ok")).toBe(true);
    expect(feeds.some((f) => f.url.startsWith("https://"))).toBe(true);
    const items = await s.news.latest({ limit: 100 });
    expect(items.length).toBeGreaterThanOrEqual(20);
    expect(new Set(items.map((i) => i.source)).size).toBeGreaterThanOrEqual(5);
    expect(items.some((i) => /[\u0600-\u06ff]/.test(i.title))).toBe(true);
    for (const c of ["economic", "breaking", "central-bank", "markets"]) {
      expect(
        items.some((i) => i.category === c),
        c,
      ).toBe(true);
    }
  });

  it("seeds only the shipped samples when the real feeds are off (offline e2e servers)", async () => {
    const offline = await createTestServices({ RSS_SEED_REAL_FEEDS: "false" });
    try {
      await seedNewsFeeds(offline);
      const feeds = await offline.news.feeds();
      expect(feeds.length).toBeGreaterThan(0);
      expect(feeds.filter((f) => !f.url.startsWith("sample://"))).toEqual([]);
    } finally {
      await offline.close();
    }
  });

  it("is idempotent", async () => {
    const before = (await s.db.select().from(newsItems)).length;
    await s.db.update(newsFeeds).set({ lastModified: null });
    expect(await seedNewsFeeds(s)).toBe(0);
    expect((await s.db.select().from(newsItems)).length).toBe(before);
  });
});

describe("NewsService.latest", () => {
  it("returns newest first, filtered by category and topic", async () => {
    const all = await s.news.latest();
    expect(all.length).toBeLessThanOrEqual(20);
    const times = all.map((i) => i.pubDate.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const central = await s.news.latest({ category: "central-bank" });
    expect(central.length).toBeGreaterThan(0);
    expect(central.every((i) => i.category === "central-bank")).toBe(true);
    const oil = await s.news.latest({ topic: "Brent" });
    expect(oil.length).toBeGreaterThan(0);
    expect(oil.every((i) => /brent/i.test(i.title + i.description))).toBe(true);
    expect(await s.news.latest({ topic: "100%_" })).toEqual([]);
    // Words match at a word start: "bank" finds "banks"/"banking", "ank" finds nothing.
    const banks = await s.news.latest({ topic: "bank", limit: 100 });
    expect(banks.length).toBeGreaterThan(2);
    expect(banks.every((i) => /\bbank/i.test(i.title + i.description))).toBe(true);
    expect(await s.news.latest({ topic: "ank" })).toEqual([]);
    expect(await s.news.latest({ topic: "(oil] *" })).toBeInstanceOf(Array);
    // Arabic words match inside words, since Arabic glues prefixes on ("البنوك").
    expect((await s.news.latest({ topic: "بنوك" })).length).toBeGreaterThan(0);
    expect(await s.news.latest({ limit: 3 })).toHaveLength(3);
  });
});

describe("news analytics dashboard (feed, then summaries, then sentiment)", () => {
  it("loads the feed, summarizes the first 5 items and computes sentiment, caching analyses", async () => {
    const d = await s.news.dashboard();
    expect(d.feed!.length).toBeGreaterThan(SUMMARY_COUNT);
    expect(d.summaries).toHaveLength(SUMMARY_COUNT);
    expect(d.summaries!.map((x) => x.originalTitle)).toEqual(d.feed!.slice(0, 5).map((i) => i.title));
    for (const summary of d.summaries!) {
      expect(["positive", "neutral", "negative"]).toContain(summary.sentiment);
      expect(["low", "medium", "high"]).toContain(summary.marketImpact);
      expect(summary.keyPoints.length).toBeGreaterThan(0);
      expect(summary.engine).toBe("offline");
    }
    expect(["bullish", "bearish", "neutral"]).toContain(d.sentiment!.overall);
    expect([0.85, 0.7]).toContain(d.sentiment!.confidence);
    expect(d.sentiment!.counts.total).toBe(d.feed!.length);
    expect(d.sentiment!.sectors.length).toBeGreaterThan(2);
    const cached = await s.db.select().from(newsAnalyses);
    expect(cached).toHaveLength(d.feed!.length);
  });

  it("serves cached analyses until 'Refresh Analysis' recomputes them", async () => {
    const first = await s.news.dashboard();
    const itemId = first.summaries![0]!.itemId;
    await s.db
      .update(newsAnalyses)
      .set({ summary: "stale cached summary" })
      .where(eq(newsAnalyses.itemId, itemId));
    const cached = await s.news.dashboard();
    expect(cached.summaries![0]!.summary).toBe("stale cached summary");
    const { recomputed } = await s.news.refreshAnalysis();
    // Both languages' dashboards are recomputed: each one's stories, once each.
    const [english, arabic] = await Promise.all([s.news.dashboard("en"), s.news.dashboard("ar")]);
    expect(recomputed).toBe(new Set([...english.feed!, ...arabic.feed!].map((i) => i.id)).size);
    const fresh = await s.news.dashboard();
    expect(fresh.summaries![0]!.summary).not.toBe("stale cached summary");
    expect(fresh.sentiment!.analysedAt!.getTime()).toBeGreaterThan(first.sentiment!.analysedAt!.getTime());
  });

  it("reports a failed step without hiding the steps before it", async () => {
    const broken = await createTestServices();
    try {
      await broken.database.query("drop table news_analyses");
      await seedNewsFeeds(broken);
      const d = await broken.news.dashboard();
      expect(d.feed!.length).toBeGreaterThan(0);
      expect(d.summaries).toBeNull();
      expect(d.sentiment).toBeNull();
      await broken.database.query("drop table news_items cascade");
      const none = await broken.news.dashboard();
      expect(none.feed).toBeNull();
    } finally {
      await broken.close();
    }
  });

  it("lists the spec's six education cards in two sections", async () => {
    const cards = await s.news.education();
    expect(cards.map((c) => [c.section, c.title])).toEqual([
      ["Market Fundamentals", "Understanding Gulf Stock Markets"],
      ["Market Fundamentals", "Currency Trading in the Gulf"],
      ["Market Fundamentals", "Oil Market Impact"],
      ["Trading Strategies", "Technical Analysis Basics"],
      ["Trading Strategies", "Risk Management"],
      ["Trading Strategies", "Islamic Finance Principles"],
    ]);
    expect(EDUCATION_CARDS[0]!.body).toMatch(/TADAWUL, DFM and ADX/);
    expect(EDUCATION_CARDS[1]!.body).toMatch(/AED and SAR/);
  });

  it("returns an education card's Arabic version beside the English, null where none was written", async () => {
    const [first, second] = EDUCATION_CARDS;
    const shipped = await s.news.education();
    const shippedAr = (slug: string) => shipped.find((c) => c.slug === slug)!;
    // The shipped cards carry their Arabic; an editor's text replaces it, a cleared field is null.
    expect(shippedAr(first!.slug).titleAr).toBe("فهم أسواق الأسهم الخليجية");
    await s.db.update(educationCards).set({ bodyAr: "نص عربي" }).where(eq(educationCards.slug, first!.slug));
    await s.db
      .update(educationCards)
      .set({ titleAr: null, bodyAr: null })
      .where(eq(educationCards.slug, second!.slug));
    try {
      const cards = await s.news.education();
      expect(cards.find((c) => c.slug === first!.slug)).toMatchObject({
        title: "Understanding Gulf Stock Markets",
        titleAr: "فهم أسواق الأسهم الخليجية",
        bodyAr: "نص عربي",
      });
      expect(cards.find((c) => c.slug === second!.slug)).toMatchObject({ titleAr: null, bodyAr: null });
    } finally {
      for (const card of [first!, second!]) {
        const { titleAr, bodyAr } = shippedAr(card.slug);
        await s.db.update(educationCards).set({ titleAr, bodyAr }).where(eq(educationCards.slug, card.slug));
      }
    }
  });
});

describe("poll job", () => {
  it("is registered with the RSS_POLL_MINUTES interval and analyses new items", async () => {
    expect(s.jobs.status().some((j) => j.name === "rss-poll")).toBe(true);
    // Hermetic: the real Gulf feeds are switched off; only the shipped samples are read.
    await s.db.update(newsFeeds).set({ enabled: false }).where(like(newsFeeds.url, "https://%"));
    await s.db.delete(newsAnalyses);
    await s.db.update(newsFeeds).set({ lastModified: null, nextFetchAt: new Date(0) });
    await s.db.delete(newsItems).where(eq(newsItems.source, "GulfPulse Wire (sample feed)"));
    const reports = await s.news.poll({ force: false });
    const wire = reports.find((r) => r.url === "sample://gulf-wire.rss.xml")!;
    expect(wire.added.length).toBe(3);
    expect((await s.db.select().from(newsAnalyses)).length).toBeGreaterThan(0);
  }, 60_000);
});

describe("'Refresh Analysis' asked for by readers", () => {
  it("is limited per address and per account; anonymous presses recompute once per interval", async () => {
    const anonymous = (ip: string) => s.news.refreshAnalysis({ ip, userId: null });
    const first = await s.shared.dashboard();
    // The first anonymous press recomputes and renews the shared copy every reader is served.
    expect((await anonymous("203.0.113.1")).recomputed).toBeGreaterThan(0);
    const renewed = await s.shared.dashboard();
    expect(renewed).not.toBe(first);
    // Within the interval, from any address: nothing recomputed, the shared copy's analyses stand
    // (compared by content: a background announcement may reload the copy, never change it).
    for (const ip of ["203.0.113.2", "203.0.113.3"]) expect((await anonymous(ip)).recomputed).toBe(0);
    expect(await s.shared.dashboard()).toStrictEqual(renewed);
    // One address gets REFRESH_LIMITS.perAddress presses a minute, then 429 with the message.
    for (let i = 1; i < REFRESH_LIMITS.perAddress; i++) await anonymous("203.0.113.1");
    await expect(anonymous("203.0.113.1")).rejects.toMatchObject({
      status: 429,
      message: ANALYSIS_REFRESH_LIMITED,
    });
    // A signed-in reader's presses recompute, within the account's own limit whatever the address.
    const userId = await signUpVerified(s, "refresh@example.com", "Refresher");
    for (let i = 0; i < REFRESH_LIMITS.perUser; i++) {
      const by = { ip: `198.51.100.${i}`, userId };
      expect((await s.news.refreshAnalysis(by)).recomputed).toBeGreaterThan(0);
    }
    await expect(s.news.refreshAnalysis({ ip: "198.51.100.99", userId })).rejects.toMatchObject({
      status: 429,
    });
  }, 60_000);
});
