import { tr } from "./catalogs";
import { expect, type Page, test } from "./fixtures";

/** SEO: what crawlers and link previews read from real pages and files. */
const origin = () => new URL(test.info().project.use.baseURL!).origin;

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (sel: string) => document.querySelector(sel)?.getAttribute("content") ?? null;
    return {
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogType: meta('meta[property="og:type"]'),
      twitterCard: meta('meta[name="twitter:card"]'),
      robots: meta('meta[name="robots"]'),
      rss: document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href"),
    };
  });
}

test.describe("page meta", () => {
  for (const [path, title, ogTitle] of [
    ["/", "Real-Time Gulf Market News — GulfPulse", "Real-Time Gulf Market News"],
    ["/about", "About GulfPulse — GulfPulse", "About GulfPulse"],
    ["/brokers/recommended", "Recommended Brokers — GulfPulse", "Recommended Brokers"],
    ["/news/central-bank", "Central Bank News — GulfPulse", "Central Bank News"],
  ] as const) {
    test(`${path}: title, description, canonical, Open Graph and Twitter card`, async ({ page }) => {
      await page.goto(path);
      const tags = await head(page);
      expect(tags).toMatchObject({
        title,
        canonical: `${origin()}${path}`,
        ogTitle,
        ogUrl: `${origin()}${path}`,
        ogType: "website",
        twitterCard: "summary",
        robots: null,
        rss: "/rss.xml",
      });
      expect(tags.description?.length).toBeGreaterThan(40);
    });
  }

  test("an article page carries NewsArticle structured data", async ({ page }) => {
    await page.goto("/news/economic");
    // Loaded as a crawler would, rather than through a client-side navigation whose new heading
    // may not have rendered yet when it is read.
    const href = await page
      .getByTestId("article-card")
      .first()
      .getByRole("link")
      .first()
      .getAttribute("href");
    await page.goto(href!);
    await expect(page).toHaveURL(/\/news\/article\/[\w-]+$/);
    const url = page.url();
    const articleTitle = await page.getByRole("heading", { level: 1 }).textContent();
    const tags = await head(page);
    expect(tags).toMatchObject({ canonical: url, ogType: "article", ogTitle: articleTitle });
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const ld = JSON.parse(blocks[0]!);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: articleTitle,
      url,
      publisher: { "@type": "Organization", name: "GulfPulse" },
    });
    expect(Number.isNaN(Date.parse(ld.datePublished))).toBe(false);
  });

  for (const [lang, path, canonical] of [
    ["en", "/about", "/about"],
    ["ar", "/ar/about", "/ar/about"],
    ["ar", "/ar", "/ar"],
  ] as const) {
    test(`${path}: hreflang alternates, canonical in its own language and og:locale ${lang}`, async ({
      page,
    }) => {
      await page.goto(path);
      const about = path.includes("about");
      const tags = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        alternates: Object.fromEntries(
          [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
            l.getAttribute("hreflang"),
            l.getAttribute("href"),
          ]),
        ),
        ogLocale: document.querySelector('meta[property="og:locale"]')?.getAttribute("content"),
        ogAlternate: [...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) =>
          m.getAttribute("content"),
        ),
      }));
      expect(tags.lang).toBe(lang);
      expect(tags.alternates).toEqual({
        en: `${origin()}${about ? "/about" : "/"}`,
        ar: `${origin()}${about ? "/ar/about" : "/ar"}`,
        "x-default": `${origin()}${about ? "/about" : "/"}`,
      });
      expect(tags.ogLocale).toBe(lang === "ar" ? "ar_AE" : "en_US");
      expect(tags.ogAlternate).toEqual([lang === "ar" ? "en_US" : "ar_AE"]);
      const key = about ? "about" : "home";
      expect(await head(page)).toMatchObject({
        canonical: `${origin()}${canonical}`,
        robots: null,
        // The title and description in the page's language.
        title: tr(lang, `pages:meta.${key}.title`),
        description: tr(lang, `pages:meta.${key}.description`),
      });
    });
  }

  test("sign-in and search result pages are kept out of indexes", async ({ page }) => {
    await page.goto("/auth");
    expect((await head(page)).robots).toBe("noindex");
    await page.goto("/search?q=oil");
    expect((await head(page)).robots).toBe("noindex");
    await page.goto("/ar/auth");
    expect((await head(page)).robots).toBe("noindex");
  });
});

test.describe("crawler files", () => {
  test("sitemap.xml, robots.txt and rss.xml are served with their content types", async ({ page }) => {
    const sitemap = await page.request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await sitemap.text();
    for (const path of ["/", "/about", "/news/breaking", "/brokers/blacklisted", "/markets/usd-aed"])
      expect(xml).toContain(`<loc>${origin()}${path}</loc>`);
    expect(xml).toMatch(/<loc>[^<]+\/news\/article\/[\w-]+<\/loc>/);
    // Both languages, each naming the other (the sitemap form of hreflang).
    expect(xml).toContain(
      `<url><loc>${origin()}/ar/about</loc><xhtml:link rel="alternate" hreflang="en" href="${origin()}/about"/>`,
    );
    const arabic = [...xml.matchAll(/<loc>([^<]+\/ar(?:\/[^<]*)?)<\/loc>/g)].map((m) => m[1]!);
    expect(arabic.length).toBeGreaterThan(20);
    // The Arabic URLs the sitemap lists are real pages (its paths follow the site's routing).
    for (const url of [arabic[0]!, arabic.find((u) => u.includes("/markets/"))!, arabic.at(-1)!]) {
      const res = await page.request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBe(200);
      expect(await res.text(), url).toContain('<html lang="ar" dir="rtl"');
    }

    const robots = await page.request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /ar/auth");
    expect(text).toContain(`Sitemap: ${origin()}/sitemap.xml`);

    const rss = await page.request.get("/rss.xml");
    expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    // The browser's own XML parser: the feed is well-formed and lists the site's articles.
    await page.goto("/");
    const feed = await page.evaluate(async () => {
      const doc = new DOMParser().parseFromString(await (await fetch("/rss.xml")).text(), "application/xml");
      return {
        error: doc.querySelector("parsererror")?.textContent ?? null,
        version: doc.documentElement.getAttribute("version"),
        links: [...doc.querySelectorAll("item > link")].map((l) => l.textContent),
      };
    });
    expect(feed.error).toBeNull();
    expect(feed.version).toBe("2.0");
    expect(feed.links.length).toBeGreaterThan(3);
    expect(feed.links.every((l) => l?.startsWith(`${origin()}/`))).toBe(true);
  });

  test("the anonymous home page is sent for a CDN to keep, with an ETag it honours", async ({ page }) => {
    const first = await page.request.get("/");
    expect(first.headers()["cache-control"]).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const etag = first.headers().etag!;
    const again = await page.request.get("/", { headers: { "If-None-Match": etag } });
    // Within the few seconds a render is shared, the validator matches.
    expect(again.status()).toBe(304);
    const auth = await page.request.get("/auth");
    expect(auth.headers()["cache-control"]).toMatch(/no-store/);
  });
});
