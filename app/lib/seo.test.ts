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

const alternates = (tags: ReturnType<typeof seoMeta>) =>
  Object.fromEntries(
    tags
      .filter((t) => (t as Record<string, unknown>).rel === "alternate")
      .map((t) => [(t as Record<string, string>).hrefLang, (t as Record<string, string>).href]),
  );
const all = (tags: ReturnType<typeof seoMeta>, key: string, value: string) =>
  tags
    .filter((t) => (t as Record<string, unknown>)[key] === value)
    .map((t) => (t as { content: string }).content);
const arMatches = [
  { id: "root", loaderData: { lang: "ar", site: { name: "GulfPulse", url: "https://gulfpulse.example" } } },
];

describe("language versions", () => {
  const page = { title: "About GulfPulse — GulfPulse", description: "Our mission.", path: "/about" };

  it("an English page names both versions (hreflang, English as x-default) and is canonical itself", () => {
    const tags = pageMeta(matches, page);
    expect(alternates(tags)).toEqual({
      en: "https://gulfpulse.example/about",
      ar: "https://gulfpulse.example/ar/about",
      "x-default": "https://gulfpulse.example/about",
    });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://gulfpulse.example/about");
    expect(all(tags, "property", "og:locale")).toEqual(["en_US"]);
    expect(all(tags, "property", "og:locale:alternate")).toEqual(["ar_AE"]);
  });

  it("an Arabic page is canonical at its /ar URL, with the same alternates and ar_AE", () => {
    const tags = pageMeta(arMatches, page);
    expect(alternates(tags)).toEqual({
      en: "https://gulfpulse.example/about",
      ar: "https://gulfpulse.example/ar/about",
      "x-default": "https://gulfpulse.example/about",
    });
    expect(find(tags, "rel", "canonical")?.href).toBe("https://gulfpulse.example/ar/about");
    expect(find(tags, "property", "og:url")?.content).toBe("https://gulfpulse.example/ar/about");
    expect(all(tags, "property", "og:locale")).toEqual(["ar_AE"]);
    expect(all(tags, "property", "og:locale:alternate")).toEqual(["en_US"]);
  });

  it("home in Arabic is /ar; a path given with the prefix is not prefixed twice", () => {
    const home = pageMeta(arMatches, { ...page, path: "/" });
    expect(find(home, "rel", "canonical")?.href).toBe("https://gulfpulse.example/ar");
    expect(alternates(home)).toMatchObject({
      en: "https://gulfpulse.example/",
      ar: "https://gulfpulse.example/ar",
    });
    const prefixed = pageMeta(arMatches, { ...page, path: "/ar/about" });
    expect(find(prefixed, "rel", "canonical")?.href).toBe("https://gulfpulse.example/ar/about");
    expect(alternates(prefixed).en).toBe("https://gulfpulse.example/about");
  });

  it("a noindex page keeps noindex in Arabic too, still without canonical or social tags", () => {
    const tags = pageMeta(arMatches, { ...page, path: "/auth", noindex: true });
    expect(find(tags, "name", "robots")?.content).toBe("noindex");
    expect(find(tags, "rel", "canonical")).toBeUndefined();
    expect(tags.some((t) => "property" in t)).toBe(false);
    expect(alternates(tags).ar).toBe("https://gulfpulse.example/ar/auth");
  });

  it("an Arabic article's structured data names its /ar URL", () => {
    const tags = articlePageMeta(
      arMatches,
      {
        title: "T",
        excerpt: "E",
        category: null,
        publishedAt: "2025-03-01T08:00:00Z",
        updatedAt: "2025-03-01T08:00:00Z",
      },
      "/news/article/t",
    );
    const ld = tags.find((t) => "script:ld+json" in t) as { "script:ld+json": Record<string, unknown> };
    expect(ld["script:ld+json"].url).toBe("https://gulfpulse.example/ar/news/article/t");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://gulfpulse.example/ar/news/article/t");
    expect(alternates(tags).en).toBe("https://gulfpulse.example/news/article/t");
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
      lang: "en",
    });
    expect(siteFrom([undefined, { id: "routes/x" }])).toEqual({ name: "GulfPulse", url: "", lang: "en" });
    expect(siteFrom([{ id: "root", loaderData: { lang: "ar" } }]).lang).toBe("ar");
    // Anything but a supported language is English.
    expect(siteFrom([{ id: "root", loaderData: { lang: "fr" } }]).lang).toBe("en");
  });
});
