import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelAr } from "#common/content-labels-ar";
import { articles, blacklistEntries, brokers, educationCards } from "../db/schema";
import { EDUCATION_CARDS_AR } from "../news/education-ar";
import { EDUCATION_CARDS, seedEducation } from "../news/seed";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { seedContent } from "./seed";
import { SEED_ARTICLES, SEED_BLACKLIST, SEED_BROKERS } from "./seed-data";
import { SEED_ARTICLES_AR, SEED_BLACKLIST_AR, SEED_BROKERS_AR } from "./seed-data-ar";

let s: Services;
beforeAll(async () => {
  s = await createTestServices();
});
afterAll(async () => {
  await s.close();
});

/** Share of Latin-script words: acronyms such as DFSA or API may appear, whole English sentences not. */
function latinShare(text: string): number {
  const words = text.split(/[\s*#\-—(),.:;«»!?]+/).filter((w) => /\p{L}/u.test(w));
  return words.filter((w) => /\p{Script=Latin}/u.test(w)).length / Math.max(1, words.length);
}

describe("the shipped content in Arabic", () => {
  it("has an Arabic version of every article, broker, blacklist entry and education card, and nothing else", () => {
    expect(Object.keys(SEED_ARTICLES_AR).sort()).toEqual(SEED_ARTICLES.map((a) => a.slug).sort());
    expect(Object.keys(SEED_BROKERS_AR).sort()).toEqual(SEED_BROKERS.map((b) => b.slug).sort());
    expect(Object.keys(SEED_BLACKLIST_AR).sort()).toEqual(SEED_BLACKLIST.map((b) => b.name).sort());
    expect(Object.keys(EDUCATION_CARDS_AR).sort()).toEqual(EDUCATION_CARDS.map((c) => c.slug).sort());
    const texts = [
      ...Object.values(SEED_ARTICLES_AR).flatMap((a) => [a.titleAr, a.excerptAr, a.bodyMarkdownAr]),
      ...Object.values(SEED_BROKERS_AR).map((b) => b.descriptionAr),
      ...Object.values(SEED_BLACKLIST_AR).flatMap((b) => [b.reasonAr, b.warningAr]),
      ...Object.values(EDUCATION_CARDS_AR).flatMap((c) => [c.titleAr, c.bodyAr]),
    ];
    for (const text of texts) expect(latinShare(text), text).toBeLessThan(0.1);
  });

  it("has Arabic for every shipped category, bank, regulator, feature, spread and section label", () => {
    const labels = [
      ...SEED_ARTICLES.flatMap((a) => [a.category, a.bankName]),
      ...SEED_BROKERS.flatMap((b) => [...(b.regulators ?? []), ...(b.features ?? []), b.spread]),
      ...SEED_BLACKLIST.map((b) => b.regulator),
      ...EDUCATION_CARDS.map((c) => c.section),
    ].filter((l): l is string => !!l);
    expect(labels.filter((l) => !labelAr(l))).toEqual([]);
    expect(labelAr("From 0.0 pips + commission")).toBe("من 0.0 نقطة + عمولة");
    expect(labelAr("A label an editor made up")).toBeNull();
  });

  it("quotes no index level, market move or price in the sample articles and sample feeds, in either language", () => {
    const indexMove =
      /\b(rose|fell|climbed|gained|dropped|up|down)\s+\d+(\.\d+)?%|\d{1,3},\d{3}(\.\d+)? points|(ارتفع|انخفض|تراجع|صعد)\S*\s+(بنسبة\s+)?\d|\d{1,3},\d{3}\s+نقطة/i;
    for (const a of SEED_ARTICLES) {
      const ar = SEED_ARTICLES_AR[a.slug]!;
      for (const text of [a.title, a.excerpt, a.bodyMarkdown, ar.titleAr, ar.excerptAr, ar.bodyMarkdownAr]) {
        expect(text ?? "", a.slug).not.toMatch(indexMove);
      }
    }
    // The shipped sample feeds sit beside live panels too: no index moves, no quoted prices.
    const feeds = path.join(import.meta.dirname, "../news/sample-feeds");
    const feedMove =
      /(index|TASI|DFMGI|Brent|«تاسي»|برنت)[^.<]{0,40}\d+(\.\d+)?%|\d{1,3},\d{3}(\.\d+)? points|\d{1,3},\d{3}\s+نقطة/i;
    const price =
      /(advanced|slipped|jumped|gained|lifting)[^.<]*\d+(\.\d+)?%|\$\d[\d,]*( a barrel| an ounce)/i;
    for (const file of readdirSync(feeds)) {
      const xml = readFileSync(path.join(feeds, file), "utf8");
      expect(xml, file).not.toMatch(feedMove);
      expect(xml, file).not.toMatch(price);
    }
  });
});

describe("seeding the Arabic", () => {
  it("writes it with new rows, then fills rows seeded without it, keeping every editor's change", async () => {
    await seedContent(s);
    const [first] = await s.db.select().from(articles).where(eq(articles.slug, SEED_ARTICLES[0]!.slug));
    expect(first!.bodyMarkdownAr).toBe(SEED_ARTICLES_AR[SEED_ARTICLES[0]!.slug]!.bodyMarkdownAr);

    // A database from before the Arabic shipped, where editors have since changed two articles.
    await s.db.update(articles).set({ titleAr: null, excerptAr: null, bodyMarkdownAr: null });
    await s.db.update(brokers).set({ descriptionAr: null });
    await s.db.update(blacklistEntries).set({ reasonAr: "", warningAr: null });
    const [edited, translated] = [SEED_ARTICLES[1]!.slug, SEED_ARTICLES[2]!.slug];
    await s.db
      .update(articles)
      .set({ bodyMarkdown: "An editor's own body." })
      .where(eq(articles.slug, edited));
    await s.db.update(articles).set({ titleAr: "عنوان المحرر" }).where(eq(articles.slug, translated));

    expect(await seedContent(s)).toBe(SEED_ARTICLES.length + SEED_BROKERS.length + SEED_BLACKLIST.length);
    expect(await seedContent(s)).toBe(0);

    const rows = await s.db
      .select()
      .from(articles)
      .where(inArray(articles.slug, [edited, translated]));
    const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r]));
    // The rewritten English body keeps no Arabic body; its untouched title and excerpt get theirs.
    expect(bySlug[edited]).toMatchObject({
      bodyMarkdownAr: null,
      titleAr: SEED_ARTICLES_AR[edited]!.titleAr,
      excerptAr: SEED_ARTICLES_AR[edited]!.excerptAr,
    });
    // The editor's Arabic title stays; the empty fields beside it are filled.
    expect(bySlug[translated]).toMatchObject({
      titleAr: "عنوان المحرر",
      bodyMarkdownAr: SEED_ARTICLES_AR[translated]!.bodyMarkdownAr,
    });
    const entries = await s.db.select().from(blacklistEntries);
    expect(entries.every((e) => e.reasonAr === SEED_BLACKLIST_AR[e.name]?.reasonAr && e.warningAr)).toBe(
      true,
    );
    const shippedBrokers = await s.db.select().from(brokers);
    expect(shippedBrokers.every((b) => b.descriptionAr === SEED_BROKERS_AR[b.slug]?.descriptionAr)).toBe(
      true,
    );
  });

  it("does the same for the education cards", async () => {
    await seedEducation(s);
    await s.db.update(educationCards).set({ titleAr: null, bodyAr: null });
    const [kept] = EDUCATION_CARDS;
    await s.db.update(educationCards).set({ body: "Rewritten." }).where(eq(educationCards.slug, kept!.slug));
    expect(await seedEducation(s)).toBe(EDUCATION_CARDS.length);
    expect(await seedEducation(s)).toBe(0);
    const cards = await s.db.select().from(educationCards);
    const rewritten = cards.find((c) => c.slug === kept!.slug)!;
    expect(rewritten).toMatchObject({ titleAr: EDUCATION_CARDS_AR[kept!.slug]!.titleAr, bodyAr: null });
    expect(cards.filter((c) => c.bodyAr).length).toBe(EDUCATION_CARDS.length - 1);
  });
});
