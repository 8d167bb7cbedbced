import { describe, expect, it } from "vitest";
import { articlePageMeta, errorPageMeta, newsArticleJsonLd, pageMeta, seoMeta, siteFrom } from "./seo";

const site = { name: "GulfPulse", url: "https://gulfpulse.example" };
const matches = [
  { id: "root", loaderData: { site: { name: "GulfPulse", url: "https://gulfpulse.example" } } },
  { id: "routes/about", loaderData: undefined },
];
const find = (tags: ReturnType<typeof seoMeta>, key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("seoMeta", () => {
  it("gives a page its full set: title, description, canonical, Open Graph and Twitter card", () => {
    const tags = pageMeta(matches, {
      title: "About GulfPulse — GulfPulse",
      description: "Our mission.",
      path: "/about",
    });
    expect(tags[0]).toEqual({ title: "About GulfPulse — GulfPulse" });
    expect(find(tags, "name", "description")?.content).toBe("Our mission.");
    expect(find(tags, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://gulfpulse.example/about",
    });
    expect(find(tags, "property", "og:title")?.content).toBe("About GulfPulse");
    expect(find(tags, "property", "og:url")?.content).toBe("https://gulfpulse.example/about");
    expect(find(tags, "property", "og:type")?.content).toBe("website");
    expect(find(tags, "property", "og:site_name")?.content).toBe("GulfPulse");
    expect(find(tags, "property", "og:description")?.content).toBe("Our mission.");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary");
    expect(find(tags, "name", "twitter:title")?.content).toBe("About GulfPulse");
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("keeps noindex pages out of indexes and gives them no canonical or social tags", () => {
    const tags = seoMeta(site, {
      title: "Admin — GulfPulse",
      description: "x",
      path: "/admin",
      noindex: true,
    });
    expect(find(tags, "name", "robots")?.content).toBe("noindex");
    expect(find(tags, "rel", "canonical")).toBeUndefined();
    expect(tags.some((t) => "property" in t)).toBe(false);
    expect(find(errorPageMeta(), "name", "robots")?.content).toBe("noindex");
  });

  it("adds article times and JSON-LD for articles", () => {
    const jsonLd = newsArticleJsonLd(site, {
      title: "Rates </script><script>alert(1)</script>",
      excerpt: "e",
      path: "/news/article/rates",
      publishedAt: "2025-01-02T00:00:00.000Z",
    });
    const tags = seoMeta(site, {
      title: "Rates — GulfPulse",
      description: "e",
      path: "/news/article/rates",
      type: "article",
      article: { publishedTime: "2025-01-02T00:00:00.000Z", section: "Rates" },
      jsonLd,
    });
    expect(find(tags, "property", "og:type")?.content).toBe("article");
    expect(find(tags, "property", "article:published_time")?.content).toBe("2025-01-02T00:00:00.000Z");
    const ld = tags.find((t) => "script:ld+json" in t) as { "script:ld+json": Record<string, any> };
    expect(ld["script:ld+json"]).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      url: "https://gulfpulse.example/news/article/rates",
      datePublished: "2025-01-02T00:00:00.000Z",
      dateModified: "2025-01-02T00:00:00.000Z",
      publisher: { "@type": "Organization", name: "GulfPulse" },
    });
  });
});

describe("articlePageMeta", () => {
  it("an article's full set: its own title, canonical path, times and JSON-LD", () => {
    const tags = articlePageMeta(
      matches,
      {
        title: "SAMA holds",
        excerpt: "Rates unchanged.",
        category: null,
        publishedAt: "2025-03-01T08:00:00.000Z",
        updatedAt: new Date("2025-03-02T08:00:00Z"),
      },
      "/news/article/sama-holds",
    );
    expect(tags[0]).toEqual({ title: "SAMA holds — GulfPulse" });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://gulfpulse.example/news/article/sama-holds");
    expect(find(tags, "property", "article:modified_time")?.content).toBe("2025-03-02T08:00:00.000Z");
    expect(find(tags, "property", "article:section")).toBeUndefined();
    const ld = tags.find((t) => "script:ld+json" in t) as { "script:ld+json": Record<string, unknown> };
    expect(ld["script:ld+json"]).toMatchObject({
      "@type": "NewsArticle",
      headline: "SAMA holds",
      datePublished: "2025-03-01T08:00:00.000Z",
      dateModified: "2025-03-02T08:00:00.000Z",
    });
  });
});

describe("siteFrom", () => {
  it("reads the root loader's site and strips a trailing slash; falls back when absent", () => {
    expect(
      siteFrom([{ id: "root", loaderData: { site: { name: "GP", url: "https://x.example/" } } }]),
    ).toEqual({
      name: "GP",
      url: "https://x.example",
    });
    expect(siteFrom([undefined, { id: "routes/x" }])).toEqual({ name: "GulfPulse", url: "" });
  });
});
