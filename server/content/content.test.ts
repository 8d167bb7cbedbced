import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors";
import { newsItems } from "../db/schema";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { seedContent } from "./seed";
import { createContent } from "./service";
import type { ContentService } from "./types";

let s: Services;
let content: ContentService;

beforeAll(async () => {
  s = await createTestServices();
  content = s.content;
});
afterAll(async () => {
  await s.close();
});

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("seeds", () => {
  it("adds three articles per section, four brokers and four blacklist entries, once", async () => {
    expect(await seedContent(s)).toBe(12 + 4 + 4);
    expect(await seedContent(s)).toBe(0);
    for (const section of ["economic", "breaking", "central-bank", "broker-analysis"] as const) {
      expect(await content.articles.list({ section }), section).toHaveLength(3);
    }
    const breaking = await content.articles.list({ section: "breaking" });
    expect(breaking.map((a) => a.priority).sort()).toEqual(["high", "medium", "urgent"]);
    const banks = await content.articles.list({ section: "central-bank" });
    expect(banks.every((a) => a.bankName)).toBe(true);
    const analysis = await content.articles.list({ section: "broker-analysis" });
    expect(analysis.map((a) => a.category).sort()).toEqual([
      "Cost Analysis",
      "Performance Review",
      "Regulatory Analysis",
    ]);
    const brokers = await content.brokers.list();
    expect(brokers).toHaveLength(4);
    expect(brokers[0]!.rating).toBe(4.8);
    expect(brokers.every((b) => b.regulators.length > 0 && b.features.length > 0)).toBe(true);
    const blacklist = await content.blacklist.list();
    expect(blacklist.length).toBeGreaterThanOrEqual(3);
    expect(blacklist.every((e) => e.regulator)).toBe(true);
  });
});

describe("articles", () => {
  it("creates with a free slug from the title, reads by slug, updates and deletes", async () => {
    const a = await content.articles.create({ section: "economic", title: "Oman budget surplus widens" });
    expect(a.slug).toBe("oman-budget-surplus-widens");
    const b = await content.articles.create({ section: "economic", title: "Oman budget surplus widens" });
    expect(b.slug).toBe("oman-budget-surplus-widens-2");

    const updated = await content.articles.update(a.id, {
      title: "Oman surplus widens again",
      excerpt: "New",
    });
    expect(updated.title).toBe("Oman surplus widens again");
    expect(updated.slug).toBe(a.slug);
    expect((await content.articles.get(a.slug)).excerpt).toBe("New");

    await content.articles.delete(a.id);
    expect((await rejection(content.articles.get(a.slug))).code).toBe("not_found:article");
    expect((await rejection(content.articles.delete(a.id))).status).toBe(404);
    await content.articles.delete(b.id);
  });

  it("refuses a slug that is taken, naming the field", async () => {
    const err = await rejection(
      content.articles.create({ section: "breaking", title: "Anything", slug: "opec-plus-output-decision" }),
    );
    expect(err.code).toBe("conflict:content");
    expect(err.fields?.slug).toBe("Another article already uses this slug.");
  });

  it("hides drafts and future articles from public reads, not from the admin's", async () => {
    const draft = await content.articles.create({
      section: "economic",
      title: "Draft piece",
      published: false,
    });
    const future = await content.articles.create({
      section: "economic",
      title: "Embargoed piece",
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    const publicSlugs = (await content.articles.list({ section: "economic" })).map((a) => a.slug);
    expect(publicSlugs).not.toContain(draft.slug);
    expect(publicSlugs).not.toContain(future.slug);
    expect((await rejection(content.articles.get(draft.slug))).status).toBe(404);
    expect((await content.articles.get(draft.slug, { includeDrafts: true })).title).toBe("Draft piece");
    const all = (await content.articles.list({ section: "economic", includeDrafts: true })).map(
      (a) => a.slug,
    );
    expect(all).toEqual(expect.arrayContaining([draft.slug, future.slug]));
    await content.articles.delete(draft.id);
    await content.articles.delete(future.id);
  });

  it("renders Markdown to sanitized HTML: no scripts, handlers or javascript: links", async () => {
    const a = await content.articles.create({
      section: "economic",
      title: "Hostile body",
      bodyMarkdown: [
        "# Heading",
        "**bold** and [a link](https://example.com) and [bad](javascript:alert(1))",
        '<script>alert("x")</script><img src="https://example.com/x.png" onerror="alert(1)">',
        '<iframe src="https://evil.example"></iframe><a href="#" onclick="steal()">click</a>',
      ].join("\n\n"),
    });
    const html = a.bodyHtml;
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
    await content.articles.delete(a.id);
  });
});

describe("brokers and blacklist", () => {
  it("lists published brokers by order; hidden ones only for the admin", async () => {
    const hidden = await content.brokers.create({
      name: "Hidden Broker",
      rating: 3.9,
      minDeposit: "$50",
      spread: "From 1.0 pips",
      published: false,
      sortOrder: 0,
    });
    expect((await content.brokers.list()).map((b) => b.name)).not.toContain("Hidden Broker");
    expect((await content.brokers.list({ includeHidden: true }))[0]!.name).toBe("Hidden Broker");
    expect((await content.brokers.get(hidden.slug)).id).toBe(hidden.id);
    const updated = await content.brokers.update(hidden.id, { rating: 4.1, features: ["MT5"] });
    expect(updated.rating).toBe(4.1);
    expect(updated.features).toEqual(["MT5"]);
    await content.brokers.delete(hidden.id);
    expect((await rejection(content.brokers.get(hidden.id))).code).toBe("not_found:broker");
  });

  it("keeps blacklist names unique and lists the newest first", async () => {
    const entry = await content.blacklist.create({
      name: "Brand New Scam Ltd",
      reason: "Fake licence",
      warning: "Do not deposit",
      severity: "high",
      regulator: "CBB consumer alert",
    });
    expect((await content.blacklist.list())[0]!.name).toBe("Brand New Scam Ltd");
    const err = await rejection(
      content.blacklist.create({ name: "Brand New Scam Ltd", reason: "x", warning: "y", severity: "medium" }),
    );
    expect(err.fields?.name).toBe("This broker is already on the blacklist.");
    expect((await content.blacklist.update(entry.id, { severity: "urgent" })).severity).toBe("urgent");
    await content.blacklist.delete(entry.id);
    expect((await rejection(content.blacklist.get(entry.id))).status).toBe(404);
  });
});

describe("news pages and home", () => {
  it("follows the editorial articles with the newest ingested items of the same category", async () => {
    const now = Date.now();
    await s.db.insert(newsItems).values([
      {
        dedupeKey: "t-1",
        title: "Ingested economic story",
        pubDate: new Date(now - 60_000),
        source: "Wire",
        category: "economic",
      },
      {
        dedupeKey: "t-2",
        title: "Ingested markets story",
        pubDate: new Date(now),
        source: "Wire",
        category: "markets",
      },
      {
        dedupeKey: "t-3",
        title: "Ingested central bank story",
        pubDate: new Date(now),
        source: "Wire",
        category: "central-bank",
      },
    ]);
    const page = await content.newsPage("economic");
    expect(page.articles).toHaveLength(3);
    expect(page.latest.map((i) => i.title)).toEqual(["Ingested economic story"]);
    expect((await content.newsPage("central-bank")).latest.map((i) => i.title)).toEqual([
      "Ingested central bank story",
    ]);
  });

  it("still shows the articles when ingestion fails or is absent", async () => {
    const failing = createContent({
      db: s.db,
      log: s.log,
      news: { latest: () => Promise.reject(new Error("feed store down")) },
    });
    const page = await failing.newsPage("breaking");
    expect(page.articles).toHaveLength(3);
    expect(page.latest).toEqual([]);
    expect((await createContent({ db: s.db, log: s.log }).newsPage("breaking")).latest).toEqual([]);
  });

  it("gives the home page three columns of two articles and four brokers", async () => {
    const home = await content.home();
    expect(home.latestNews.map((c) => c.section)).toEqual(["economic", "breaking", "central-bank"]);
    expect(home.latestNews.every((c) => c.articles.length === 2)).toBe(true);
    expect(home.brokers).toHaveLength(4);
  });
});

describe("Arabic versions", () => {
  it("stores an article's and a broker's optional Arabic text beside the English and renders the Arabic body sanitized", async () => {
    const a = await content.articles.create({
      section: "economic",
      title: "Oil steadies",
      titleAr: "النفط يستقر",
      excerptAr: "ملخص",
      bodyMarkdown: "English **body**",
      bodyMarkdownAr: "نص **عربي** <script>alert(1)</script>",
    });
    expect(a.bodyHtmlAr).toContain("<strong>عربي</strong>");
    expect(a.bodyHtmlAr).not.toContain("<script");
    const read = await content.articles.get(a.slug);
    expect([read.title, read.titleAr, read.excerptAr]).toEqual(["Oil steadies", "النفط يستقر", "ملخص"]);
    const [summary] = (await content.articles.list({ section: "economic" })).filter((x) => x.id === a.id);
    expect(summary?.titleAr).toBe("النفط يستقر");

    const plain = await content.articles.create({ section: "economic", title: "No Arabic" });
    expect([plain.titleAr, plain.bodyMarkdownAr, plain.bodyHtmlAr]).toEqual([null, null, null]);

    const b = await content.brokers.create({
      name: "Arabic Broker",
      rating: 4,
      minDeposit: "$100",
      spread: "0.1",
      description: "English",
      descriptionAr: "وصف عربي",
    });
    expect((await content.brokers.get(b.id)).descriptionAr).toBe("وصف عربي");
    expect((await content.brokers.update(b.id, { descriptionAr: null })).descriptionAr).toBeNull();

    const e = await content.blacklist.create({
      name: "Arabic Scam",
      reason: "Unlicensed",
      warning: "Avoid",
      reasonAr: "غير مرخص",
      severity: "high",
    });
    expect([e.reasonAr, e.warningAr]).toEqual(["غير مرخص", null]);
  });
});
