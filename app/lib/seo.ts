import type { MetaDescriptor } from "react-router";
import { DEFAULT_LANGUAGE, isLang, LANGUAGES, type Lang, localePath } from "./locale";

/** The site name, its public origin (PUBLIC_URL, no trailing slash) and the page's language. */
export interface SiteMeta {
  name: string;
  url: string;
  /** The language of the page being rendered (its URL's); English when absent. */
  lang?: Lang;
}

/** Open Graph locales: Arabic as written for the Gulf (the UAE's). */
const OG_LOCALE: Record<Lang, string> = { en: "en_US", ar: "ar_AE" };

export interface PageMeta {
  /** The full document title, e.g. "About GulfPulse — GulfPulse". */
  title: string;
  description: string;
  /** The canonical path in English (unprefixed): no query string, no trailing slash. */
  path: string;
  /** Social title; defaults to the title without the " — <site>" suffix. */
  socialTitle?: string;
  type?: "website" | "article";
  /** Admin, sign-in, unsubscribe, search results and error pages stay out of indexes. */
  noindex?: boolean;
  article?: { publishedTime: string; modifiedTime?: string; section?: string };
  /** Structured data; React Router's <Meta> escapes `<`, `>` and `&` inside the script. */
  jsonLd?: Record<string, unknown>;
}

type Match = { id: string; loaderData?: unknown } | undefined;

/** Every meta function gets `matches`; the root's loader data carries the site name and origin. */
export function siteFrom(matches: readonly Match[]): SiteMeta {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { site?: { name?: string; url?: string }; lang?: string }
    | undefined;
  return {
    name: root?.site?.name || "GulfPulse",
    url: (root?.site?.url ?? "").replace(/\/+$/, ""),
    lang: isLang(root?.lang) ? root.lang : DEFAULT_LANGUAGE,
  };
}

/**
 * The page in every language (`hreflang`), English also as `x-default`, all absolute on the public
 * origin: search engines show each searcher the version in their language.
 */
function languageAlternates(site: SiteMeta, path: string): MetaDescriptor[] {
  const link = (hreflang: string, lang: Lang) => ({
    tagName: "link",
    rel: "alternate",
    hrefLang: hreflang,
    href: `${site.url}${localePath(lang, path)}`,
  });
  return [...LANGUAGES.map((lang) => link(lang, lang)), link("x-default", DEFAULT_LANGUAGE)];
}

/**
 * The full head set for one page. A leaf route's meta replaces its parents', so each page returns
 * everything: title, description, canonical, Open Graph and the Twitter card.
 */
export function seoMeta(site: SiteMeta, page: PageMeta): MetaDescriptor[] {
  const lang = site.lang ?? DEFAULT_LANGUAGE;
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    ...languageAlternates(site, page.path),
  ];
  if (page.noindex) return [...tags, { name: "robots", content: "noindex" }];
  // Each language version is canonical for itself; the alternates tie them together.
  const url = `${site.url}${localePath(lang, page.path)}`;
  const suffix = ` — ${site.name}`;
  const socialTitle =
    page.socialTitle ?? (page.title.endsWith(suffix) ? page.title.slice(0, -suffix.length) : page.title);
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: socialTitle },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: OG_LOCALE[lang] },
    ...LANGUAGES.filter((l) => l !== lang).map((l) => ({
      property: "og:locale:alternate",
      content: OG_LOCALE[l],
    })),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: socialTitle },
    { name: "twitter:description", content: page.description },
  );
  if (page.article) {
    tags.push({ property: "article:published_time", content: page.article.publishedTime });
    if (page.article.modifiedTime)
      tags.push({ property: "article:modified_time", content: page.article.modifiedTime });
    if (page.article.section) tags.push({ property: "article:section", content: page.article.section });
  }
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}

/** seoMeta with the site taken from the meta function's `matches`. */
export const pageMeta = (matches: readonly Match[], page: PageMeta) => seoMeta(siteFrom(matches), page);

/** Meta for a page whose loader failed (404 and friends): a title, kept out of indexes. */
export const errorPageMeta = (): MetaDescriptor[] => [
  { title: "Page not found — GulfPulse" },
  { name: "robots", content: "noindex" },
];

/** An article page (news or broker analysis): article Open Graph tags and NewsArticle JSON-LD. */
export function articlePageMeta(
  matches: readonly Match[],
  article: {
    title: string;
    excerpt: string;
    category: string | null;
    publishedAt: Date | string;
    updatedAt: Date | string;
  },
  path: string,
): MetaDescriptor[] {
  const site = siteFrom(matches);
  const published = new Date(article.publishedAt).toISOString();
  const updated = new Date(article.updatedAt).toISOString();
  return seoMeta(site, {
    title: `${article.title} — GulfPulse`,
    socialTitle: article.title,
    description: article.excerpt,
    path,
    type: "article",
    article: { publishedTime: published, modifiedTime: updated, section: article.category ?? undefined },
    jsonLd: newsArticleJsonLd(site, {
      title: article.title,
      excerpt: article.excerpt,
      path: localePath(site.lang ?? DEFAULT_LANGUAGE, path),
      publishedAt: published,
      updatedAt: updated,
    }),
  });
}

/** schema.org NewsArticle for an article page. */
export function newsArticleJsonLd(
  site: SiteMeta,
  article: { title: string; excerpt: string; path: string; publishedAt: string; updatedAt?: string },
): Record<string, unknown> {
  const url = `${site.url}${article.path}`;
  const publisher = { "@type": "Organization", name: site.name, url: `${site.url}/` };
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title.slice(0, 110),
    description: article.excerpt,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    datePublished: article.publishedAt,
    dateModified: article.updatedAt ?? article.publishedAt,
    author: publisher,
    publisher,
    isAccessibleForFree: true,
  };
}

/** The body of sitemap.xml, robots.txt or rss.xml, cacheable by browsers and CDNs for 5 minutes. */
export function seoFileResponse(body: string, type: string) {
  return new Response(body, {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      "Cache-Control": "public, max-age=300, s-maxage=300",
    },
  });
}
