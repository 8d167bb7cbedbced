import { articlePath } from "#common/article-path";
import { DEFAULT_LANGUAGE, LANGUAGES, localePath } from "#common/locale";
import type { ArticleSummary, ContentService } from "../content/types";
import { instrumentSlug } from "../market/catalogue";
import type { MarketService } from "../market/types";
import type { Listing } from "../market/universe";
import { STATIC_PAGES } from "../search/static-pages";
import type { Settings } from "../settings/settings";
import type { SeoService } from "./types";
import { type RssItem, rssXml, type SitemapEntry, sitemapXml } from "./xml";

export interface SeoDeps {
  /** PUBLIC_URL (or the local default): every URL in the files is absolute on it. */
  publicUrl: string;
  settings: Pick<Settings, "get">;
  content: ContentService;
  market: MarketService;
  /** Every listed company (the instruments directory, refresh additions too): each has a page. */
  listings: () => Promise<Listing[]>;
}

/**
 * Paths a crawler has no business in (all noindex anyway): admin, API and sign-in, the pages in
 * every language (/ar/admin, /ar/auth); the API exists once.
 */
const DISALLOWED_PREFIXES = [
  ...new Set(["/admin", "/api/", "/auth"].flatMap((p) => LANGUAGES.map((lang) => localePath(lang, p)))),
];
/**
 * sitemaps.org allows 50,000 URLs per file; each article is listed once per language, so the
 * articles stop well short of it with the pages and instruments added.
 */
const MAX_SITEMAP_ARTICLES = 24_000;
const PAGE = 200;
const RSS_ITEMS = 50;

export function createSeo(deps: SeoDeps): SeoService {
  const origin = deps.publicUrl.replace(/\/+$/, "");
  const abs = (path: string) => `${origin}${path}`;

  /**
   * One entry per language for a page (English unprefixed, others under /<lang>), each naming
   * every version and English as x-default.
   */
  const inEveryLanguage = (path: string, lastmod?: Date): SitemapEntry[] => {
    const alternates = [
      ...LANGUAGES.map((lang) => ({ hreflang: lang, href: abs(localePath(lang, path)) })),
      { hreflang: "x-default", href: abs(localePath(DEFAULT_LANGUAGE, path)) },
    ];
    return LANGUAGES.map((lang) => ({ loc: abs(localePath(lang, path)), lastmod, alternates }));
  };

  async function publishedArticles(max: number) {
    const { content } = deps;
    const all: ArticleSummary[] = [];
    while (all.length < max) {
      const page = await content.articles.list({
        limit: Math.min(PAGE, max - all.length),
        offset: all.length,
      });
      all.push(...page);
      if (page.length < PAGE) break;
    }
    return all;
  }

  return {
    async sitemap() {
      const pages = [...STATIC_PAGES.map((p) => p.url), "/search"].flatMap((p) => inEveryLanguage(p));
      const instruments = deps.market
        .catalogue()
        .flatMap((i) => inEveryLanguage(`/markets/${encodeURIComponent(instrumentSlug(i.symbol))}`));
      const curated = new Set(instruments.map((u) => u.loc));
      const listings = (await deps.listings())
        .flatMap((l) => inEveryLanguage(`/markets/${encodeURIComponent(instrumentSlug(l.symbol))}`))
        .filter((u) => !curated.has(u.loc));
      const articles = (await publishedArticles(MAX_SITEMAP_ARTICLES)).flatMap((a) =>
        inEveryLanguage(articlePath(a), a.publishedAt),
      );
      return sitemapXml([...pages, ...instruments, ...listings, ...articles]);
    },

    async rss() {
      const siteName = String(deps.settings.get("siteName", "GulfPulse"));
      const items: RssItem[] = (await publishedArticles(RSS_ITEMS)).map((a) => ({
        title: a.title,
        link: abs(articlePath(a)),
        description: a.excerpt,
        pubDate: a.publishedAt,
        category: a.category,
      }));
      return rssXml(
        {
          title: siteName,
          link: abs("/"),
          self: abs("/rss.xml"),
          description: String(deps.settings.get("tagline", "Trade Smart, Stay Ahead")),
          language: "en",
        },
        items,
      );
    },

    robots() {
      return [
        "User-agent: *",
        ...DISALLOWED_PREFIXES.map((p) => `Disallow: ${p}`),
        "",
        `Sitemap: ${abs("/sitemap.xml")}`,
        "",
      ].join("\n");
    },
  };
}
