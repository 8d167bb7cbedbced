import { describe, expect, it } from "vitest";
import {
  isLocalizedPath,
  langFromCookie,
  langOf,
  localePath,
  pageHref,
  pagePathname,
  rememberedRedirect,
  splitLocale,
} from "./locale";

describe("splitLocale", () => {
  it("reads the /ar prefix and leaves the page path", () => {
    expect(splitLocale("/ar/about")).toEqual({ lang: "ar", path: "/about" });
    expect(splitLocale("/ar")).toEqual({ lang: "ar", path: "/" });
    expect(splitLocale("/ar/news/article/x")).toEqual({ lang: "ar", path: "/news/article/x" });
  });
  it("treats unprefixed paths, and paths that merely start with 'ar', as English", () => {
    expect(splitLocale("/")).toEqual({ lang: "en", path: "/" });
    expect(splitLocale("/about")).toEqual({ lang: "en", path: "/about" });
    expect(splitLocale("/arabic")).toEqual({ lang: "en", path: "/arabic" });
  });
});

describe("localePath", () => {
  it("prefixes pages for Arabic, home included", () => {
    expect(localePath("ar", "/about")).toBe("/ar/about");
    expect(localePath("ar", "/")).toBe("/ar");
  });
  it("keeps the query and hash", () => {
    expect(localePath("ar", "/search?q=oil#r")).toBe("/ar/search?q=oil#r");
    expect(localePath("ar", "/#markets")).toBe("/ar#markets");
    expect(localePath("ar", "/?x=1")).toBe("/ar?x=1");
  });
  it("leaves English paths as they are and re-targets prefixed ones", () => {
    expect(localePath("en", "/about")).toBe("/about");
    expect(localePath("en", "/ar/about?x=1")).toBe("/about?x=1");
    expect(localePath("en", "/ar")).toBe("/");
    expect(localePath("ar", "/ar/about")).toBe("/ar/about");
  });
  it("never touches the API, feeds, admin downloads, relative paths or other sites", () => {
    for (const to of [
      "/api/market",
      "/api/chat/conversations/1",
      "/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/calendar.ics",
      "/admin/preview?kind=welcome",
      "/admin/subscribers.csv",
      "https://example.com/x",
      "//example.com/x",
      "?tab=users",
      "#main",
      "mailto:a@b.c",
    ])
      expect(localePath("ar", to)).toBe(to);
    expect(isLocalizedPath("/admin")).toBe(true);
  });
});

describe("langOf", () => {
  const req = (url: string, headers: Record<string, string> = {}) =>
    new Request(`http://site.test${url}`, { headers });
  it("is the URL's language for pages, whatever the cookie or Accept-Language say", () => {
    expect(langOf(req("/ar/about"))).toBe("ar");
    expect(langOf(req("/about", { cookie: "lang=ar", "accept-language": "ar" }))).toBe("en");
  });
  it("answers API calls in the language of the same-origin page that made them", () => {
    expect(langOf(req("/api/chat", { referer: "http://site.test/ar/price-alerts" }))).toBe("ar");
    expect(langOf(req("/api/chat", { referer: "http://other.test/ar", cookie: "lang=en" }))).toBe("en");
    expect(langOf(req("/api/chat", { cookie: "theme=dark; lang=ar" }))).toBe("ar");
    expect(langOf(req("/api/chat", { referer: "not a url" }))).toBe("en");
  });
});

describe("langFromCookie", () => {
  it("reads only supported languages", () => {
    expect(langFromCookie("a=1; lang=ar")).toBe("ar");
    expect(langFromCookie("lang=fr")).toBeNull();
    expect(langFromCookie("xlang=ar")).toBeNull();
    expect(langFromCookie(null)).toBeNull();
  });
});

describe("pageHref", () => {
  const href = (path: string) => pageHref(new URL(`http://site.test${path}`));
  it("names the page of a client navigation's data request, without React Router's parameters", () => {
    expect(href("/ar/search.data?q=oil&_routes=root%2Croutes%2Fsearch")).toBe("/ar/search?q=oil");
    expect(href("/about.data?_routes=root")).toBe("/about");
    expect(href("/_root.data")).toBe("/");
  });
  it("leaves a page URL exactly as it came", () => {
    expect(href("/search?q=oil%20price&x=a+b")).toBe("/search?q=oil%20price&x=a+b");
  });
});

describe("rememberedRedirect", () => {
  const url = (path: string) => new URL(`http://site.test${path}`);
  it("sends a visitor whose cookie says Arabic to the /ar twin, query kept", () => {
    expect(rememberedRedirect(url("/about?x=1"), "lang=ar")).toBe("/ar/about?x=1");
    expect(rememberedRedirect(url("/"), "theme=dark; lang=ar")).toBe("/ar");
  });
  it("uses a signed-in user's saved locale when this browser has no choice", () => {
    expect(rememberedRedirect(url("/search?q=oil"), null, "ar")).toBe("/ar/search?q=oil");
    expect(rememberedRedirect(url("/search"), "session=abc", "ar")).toBe("/ar/search");
  });
  it("lets the cookie win, so choosing English with the switch never loops", () => {
    expect(rememberedRedirect(url("/about"), "lang=en", "ar")).toBeNull();
  });
  it("never redirects Arabic pages, English choices, unknown values or the API", () => {
    expect(rememberedRedirect(url("/ar/about"), "lang=en", "en")).toBeNull();
    expect(rememberedRedirect(url("/about"), null, "en")).toBeNull();
    expect(rememberedRedirect(url("/about"), "lang=fr", "de")).toBeNull();
    expect(rememberedRedirect(url("/about"), null, undefined)).toBeNull();
    expect(rememberedRedirect(url("/api/market"), "lang=ar")).toBeNull();
    expect(rememberedRedirect(url("/rss.xml"), "lang=ar")).toBeNull();
  });
  it("reads a client navigation's data URL as its page and redirects to the page", () => {
    // /ar.data is the Arabic home's data: already Arabic (it was redirected to /ar/ar.data).
    expect(rememberedRedirect(url("/ar.data"), "lang=ar")).toBeNull();
    expect(rememberedRedirect(url("/ar/about.data"), "lang=ar")).toBeNull();
    expect(rememberedRedirect(url("/_root.data"), "lang=ar")).toBe("/ar");
    expect(rememberedRedirect(url("/about.data?x=1"), "lang=ar")).toBe("/ar/about?x=1");
    expect(rememberedRedirect(url("/about.data?x=1&_routes=root"), "lang=ar")).toBe("/ar/about?x=1");
  });
});

describe("pagePathname", () => {
  it("strips the data suffix of client navigations; pages are unchanged", () => {
    expect(pagePathname("/_root.data")).toBe("/");
    expect(pagePathname("/ar.data")).toBe("/ar");
    expect(pagePathname("/ar/news/breaking.data")).toBe("/ar/news/breaking");
    expect(pagePathname("/about")).toBe("/about");
    expect(langOf(new Request("http://site.test/ar.data"))).toBe("ar");
    expect(langOf(new Request("http://site.test/_root.data", { headers: { cookie: "lang=ar" } }))).toBe("en");
  });
});
