import type { NextFunction, Request, Response } from "express";
import { isLang, isLocalizedPath, localePath, splitLocale } from "#common/locale";
import { sameSitePath } from "#common/safe-redirect";

/** Aliases redirect to their canonical route. */
const ROUTE_ALIASES: Record<string, string> = {
  "/home": "/",
  "/index": "/",
  "/main": "/",
  "/news-and-analytics": "/news-analytics",
  "/price-alert": "/price-alerts",
  "/live-market": "/live-markets",
  "/brokers": "/brokers/recommended",
  "/news": "/news/breaking",
};

/**
 * Strips a trailing slash and follows aliases, in either language (/ar/news → /ar/news/breaking),
 * keeping the query string. An old `?lang=ar` link (the language used to be a parameter) goes to
 * the page's /ar twin, `?lang=en` to the unprefixed page: the language is the URL now.
 */
export function canonicalRedirects(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const url = new URL(req.originalUrl, "http://x");
  let pathname = url.pathname;
  if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.replace(/\/+$/, "") || "/";
  const { lang: urlLang, path } = splitLocale(pathname);
  const alias = ROUTE_ALIASES[path.toLowerCase()];
  const legacy = url.searchParams.get("lang")?.toLowerCase();
  const fromLegacy = isLang(legacy) && isLocalizedPath(path);
  if (fromLegacy) url.searchParams.delete("lang");
  const target = localePath(fromLegacy ? legacy : urlLang, alias ?? path);
  // Re-serialised only when a parameter was dropped: other queries stay byte for byte.
  const search = !fromLegacy ? url.search : url.searchParams.size ? `?${url.searchParams}` : "";
  if (target === url.pathname && search === url.search) return next();
  // Dot segments resolved above can leave "//host" ("/.//evil.example/"): a Location naming another
  // site. Such an address has no page; it goes on to the 404 instead.
  const location = sameSitePath(target + search);
  if (!location) return next();
  res.redirect(301, location);
}
