/**
 * The language of a page is its URL (decision record on locale in the URL): English pages are
 * unprefixed, Arabic ones are the same paths under /ar. This module is light (no catalogs) so the
 * server, links and the browser can all use it.
 */
export const LANGUAGES = ["en", "ar"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Lang = "en";
/** The prefix-bearing languages (every one but the default). */
const PREFIXED: readonly Lang[] = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE);

/** The cookie holding the visitor's remembered choice (set by the language switch). */
export const LANG_COOKIE = "lang";

export const isLang = (value: unknown): value is Lang => LANGUAGES.includes(value as Lang);
/** Any stored or received value as a language: unknown values fall back to the default (English). */
export const toLang = (value: unknown): Lang => (isLang(value) ? value : DEFAULT_LANGUAGE);
export const otherLang = (lang: Lang): Lang => (lang === "ar" ? "en" : "ar");

/**
 * Paths that exist once, whatever the language: the API, feeds, machine files and the admin
 * downloads. Links to them are never prefixed.
 */
const UNPREFIXED = [
  /^\/api(\/|$)/,
  /^\/(sitemap\.xml|robots\.txt|rss\.xml|calendar\.ics|favicon\.[a-z]+)$/,
  /^\/admin\/(preview|subscribers\.csv)$/,
  /^\/assets\//,
];
export const isLocalizedPath = (pathname: string) => !UNPREFIXED.some((re) => re.test(pathname));

/**
 * The page a request is for. A client-side navigation fetches the page's data from `<page>.data`
 * (`/_root.data` for `/`), and loaders see that URL: `/ar.data` is the Arabic home, not an
 * English page called "/ar.data".
 */
export function pagePathname(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * The page a request is for, as a site path with its query: a data request's `.data` and React
 * Router's `_routes` parameter removed (`/ar/search.data?q=oil&_routes=root` → `/ar/search?q=oil`),
 * so redirects built from it name the page.
 */
export function pageHref(url: URL): string {
  const pathname = pagePathname(url.pathname);
  if (!url.searchParams.has("_routes")) return pathname + url.search;
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  return pathname + (params.size ? `?${params}` : "");
}

/** `/ar/about` → { lang: "ar", path: "/about" }; `/ar` → { lang: "ar", path: "/" }. */
export function splitLocale(pathname: string): { lang: Lang; path: string } {
  for (const lang of PREFIXED) {
    if (pathname === `/${lang}`) return { lang, path: "/" };
    if (pathname.startsWith(`/${lang}/`)) return { lang, path: pathname.slice(lang.length + 1) };
  }
  return { lang: DEFAULT_LANGUAGE, path: pathname };
}

/**
 * The path of a page in `lang`: ("ar", "/about?x=1#y") → "/ar/about?x=1#y", ("ar", "/") → "/ar".
 * An already prefixed path is re-targeted, so ("en", "/ar/about") → "/about". Relative paths,
 * absolute URLs ("//", "https:") and unlocalized paths (/api/...) are returned unchanged.
 */
export function localePath(lang: Lang, to: string): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const cut = to.search(/[?#]/);
  const pathname = cut === -1 ? to : to.slice(0, cut);
  const rest = cut === -1 ? "" : to.slice(cut);
  if (!isLocalizedPath(pathname)) return to;
  const { path } = splitLocale(pathname);
  if (lang === DEFAULT_LANGUAGE) return path + rest;
  return (path === "/" ? `/${lang}` : `/${lang}${path}`) + rest;
}

/** The `lang` cookie's value, when it names a supported language. */
export function langFromCookie(cookieHeader: string | null | undefined): Lang | null {
  const value = cookieHeader?.match(/(?:^|;\s*)lang=([a-z]+)/i)?.[1]?.toLowerCase();
  return isLang(value) ? value : null;
}

/**
 * Server side: the language a request is answered in. A page's is its URL. The API and the other
 * unprefixed paths are called from a page, so they answer in the language of that page (the
 * same-origin Referer), else the remembered choice, else English.
 */
export function langOf(request: Request): Lang {
  const url = new URL(request.url);
  const pathname = pagePathname(url.pathname);
  if (isLocalizedPath(pathname)) return splitLocale(pathname).lang;
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === url.host && isLocalizedPath(from.pathname)) return splitLocale(from.pathname).lang;
    } catch {
      // An unparsable Referer says nothing about the language.
    }
  }
  return langFromCookie(request.headers.get("cookie")) ?? DEFAULT_LANGUAGE;
}

/**
 * Where a visitor who chose a language should go instead of the English page they opened: the
 * remembered choice is the `lang` cookie (this browser's latest switch), else the signed-in user's
 * saved locale. Only unprefixed pages redirect; an explicit /ar (or English with cookie "en") URL
 * is always served as asked, and Accept-Language never redirects (search engines see both).
 */
export function rememberedRedirect(
  url: URL,
  cookieHeader: string | null,
  savedLocale?: unknown,
): string | null {
  // The redirect names the page (a client navigation follows it to the page, not to its data).
  const pathname = pagePathname(url.pathname);
  if (!isLocalizedPath(pathname) || splitLocale(pathname).lang !== DEFAULT_LANGUAGE) return null;
  const remembered = langFromCookie(cookieHeader) ?? (isLang(savedLocale) ? savedLocale : null);
  if (!remembered || remembered === DEFAULT_LANGUAGE) return null;
  return localePath(remembered, pageHref(url));
}
