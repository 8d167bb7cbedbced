import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadShippedListings } from "#server/market/universe";
import { STATIC_PAGES } from "../search/static-pages";
import type { Services } from "../services";
import { createTestServices } from "../testing/test-services";
import { escapeXml } from "./xml";

let s: Services;
const ORIGIN = "https://gulfpulse.example";
const TRICKY = `Oil & Gas <Outlook> "2025" — SAMA's view`;
let slug: string;

beforeAll(async () => {
  s = await createTestServices({ PUBLIC_URL: `${ORIGIN}/` });
  const content = s.content;
  slug = (
    await content.articles.create({
      section: "economic",
      title: TRICKY,
      excerpt: "Brent < $80 & OPEC+ cuts",
      bodyMarkdown: "Body",
      category: "Energy & Oil",
      published: true,
      publishedAt: new Date("2025-01-02T03:04:05Z"),
    })
  ).slug;
  await content.articles.create({
    section: "broker-analysis",
    title: "Broker review",
    slug: "broker-review",
    excerpt: "A review",
    published: true,
    publishedAt: new Date("2025-01-01T00:00:00Z"),
  });
  await content.articles.create({ section: "breaking", title: "Draft", slug: "a-draft", published: false });
});

afterAll(() => s.close());

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === "url" || name === "item" || name === "xhtml:link",
});

describe("sitemap.xml", () => {
  it("lists every public page, the articles and the instrument pages on PUBLIC_URL, never drafts", async () => {
    const xml = await s.seo.sitemap();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    expect(doc.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs: string[] = doc.urlset.url.map((u: { loc: string }) => u.loc);
    for (const page of [...STATIC_PAGES.map((p) => p.url), "/search"])
      expect(locs).toContain(`${ORIGIN}${page}`);
    expect(locs).toContain(`${ORIGIN}/news/article/${slug}`);
    expect(locs).toContain(`${ORIGIN}/brokers/analysis/broker-review`);
    expect(locs).not.toContain(`${ORIGIN}/news/article/a-draft`);
    expect(locs).toContain(`${ORIGIN}/markets/usd-aed`);
    // The curated instruments and every listed company, each once.
    const instrumentPages = new Set([
      ...s.market.catalogue().map((i) => i.symbol),
      ...loadShippedListings().map((l) => l.symbol),
    ]);
    expect(locs.filter((l) => l.startsWith(`${ORIGIN}/markets/`))).toHaveLength(instrumentPages.size);
    expect(locs.every((l) => l.startsWith(`${ORIGIN}/`) && !l.includes("//", ORIGIN.length))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    const article = doc.urlset.url.find((u: { loc: string }) => u.loc.endsWith(slug));
    expect(article.lastmod).toBe("2025-01-02T03:04:05.000Z");
    expect(locs.some((l) => /\/(admin|auth|api)\b/.test(l))).toBe(false);
  });

  it("lists every page in Arabic as well, each version naming both with xhtml:link hreflang", async () => {
    const doc = parser.parse(await s.seo.sitemap());
    expect(doc.urlset["@_xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    type Url = { loc: string; lastmod?: string; "xhtml:link": Array<Record<string, string>> };
    const urls: Url[] = doc.urlset.url;
    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    const links = (u: Url | undefined) =>
      Object.fromEntries((u?.["xhtml:link"] ?? []).map((l) => [l["@_hreflang"], l["@_href"]]));
    for (const path of [...STATIC_PAGES.map((p) => p.url), "/search", "/markets/usd-aed"]) {
      const ar = path === "/" ? "/ar" : `/ar${path}`;
      const expected = { en: `${ORIGIN}${path}`, ar: `${ORIGIN}${ar}`, "x-default": `${ORIGIN}${path}` };
      expect(links(byLoc.get(`${ORIGIN}${path}`))).toEqual(expected);
      expect(links(byLoc.get(`${ORIGIN}${ar}`))).toEqual(expected);
      for (const l of byLoc.get(`${ORIGIN}${ar}`)!["xhtml:link"]) expect(l["@_rel"]).toBe("alternate");
    }
    for (const path of [`/news/article/${slug}`, "/brokers/analysis/broker-review"]) {
      const ar = byLoc.get(`${ORIGIN}/ar${path}`);
      expect(links(ar)).toMatchObject({ en: `${ORIGIN}${path}`, ar: `${ORIGIN}/ar${path}` });
      expect(ar?.lastmod).toBe(byLoc.get(`${ORIGIN}${path}`)?.lastmod);
    }
    expect(byLoc.has(`${ORIGIN}/ar/news/article/a-draft`)).toBe(false);
    // Exactly two versions of everything: as many Arabic URLs as English ones.
    const arabic = urls.filter((u) => u.loc === `${ORIGIN}/ar` || u.loc.startsWith(`${ORIGIN}/ar/`));
    expect(arabic.length * 2).toBe(urls.length);
  });
});

describe("rss.xml", () => {
  it("is valid RSS 2.0 of the site's own articles, newest first, with & and < escaped", async () => {
    const xml = await s.seo.rss();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("Oil &amp; Gas &lt;Outlook&gt;");
    const { rss } = parser.parse(xml);
    expect(rss["@_version"]).toBe("2.0");
    const channel = rss.channel;
    expect(channel.title).toBe("GulfPulse");
    expect(channel.link).toBe(`${ORIGIN}/`);
    expect(channel["atom:link"]["@_href"]).toBe(`${ORIGIN}/rss.xml`);
    const items = channel.item;
    const titles = items.map((i: { title: string }) => i.title);
    expect(titles).not.toContain("Draft");
    const tricky = items.find((i: { title: string }) => i.title === TRICKY);
    expect(tricky).toMatchObject({
      link: `${ORIGIN}/news/article/${slug}`,
      description: "Brent < $80 & OPEC+ cuts",
      category: "Energy & Oil",
      pubDate: "Thu, 02 Jan 2025 03:04:05 GMT",
    });
    expect(tricky.guid["#text"]).toBe(tricky.link);
    const dates = items.map((i: { pubDate: string }) => Date.parse(i.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(items.find((i: { title: string }) => i.title === "Broker review").link).toBe(
      `${ORIGIN}/brokers/analysis/broker-review`,
    );
  });
});

describe("an article with an Arabic title", () => {
  it("gets an Arabic slug, percent-encoded in the sitemap and the feed, and is found by it", async () => {
    const content = s.content;
    const a = await content.articles.create({
      section: "economic",
      title: "أرامكو ترفع توزيعاتها",
      published: true,
      publishedAt: new Date("2024-06-01T00:00:00Z"),
    });
    try {
      expect(a.slug).toBe("أرامكو-ترفع-توزيعاتها");
      const encoded = `${ORIGIN}/news/article/${encodeURIComponent(a.slug)}`;
      const sitemap = await s.seo.sitemap();
      expect(XMLValidator.validate(sitemap)).toBe(true);
      const locs: string[] = parser.parse(sitemap).urlset.url.map((u: { loc: string }) => u.loc);
      expect(locs).toContain(encoded);
      expect(locs).toContain(`${ORIGIN}/ar/news/article/${encodeURIComponent(a.slug)}`);
      // Sitemaps carry ASCII addresses only.
      expect(locs.every((l) => /^[\x21-\x7e]+$/.test(l))).toBe(true);
      const items = parser.parse(await s.seo.rss()).rss.channel.item;
      expect(items.find((i: { title: string }) => i.title === a.title).link).toBe(encoded);
      // What a route receives is the decoded slug.
      expect((await content.articles.get(decodeURIComponent(encodeURIComponent(a.slug)))).id).toBe(a.id);
    } finally {
      await content.articles.delete(a.id);
    }
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of admin, API and sign-in in both languages and names the sitemap", () => {
    const lines = s.seo.robots().split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toEqual(expect.arrayContaining(["Disallow: /admin", "Disallow: /api/", "Disallow: /auth"]));
    // The Arabic copies too; the API is not localized, so it is listed once.
    expect(lines).toEqual(expect.arrayContaining(["Disallow: /ar/admin", "Disallow: /ar/auth"]));
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith("Disallow:"))).toHaveLength(5);
  });
});

describe("escapeXml", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe("a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;");
    expect(escapeXml("bell\u0007tab\tok")).toBe("belltab\tok");
  });
});
