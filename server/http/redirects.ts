import type { NextFunction, Request, Response } from "express";

/** Spec §2 Not-found handling: aliases redirect to their canonical route. */
export const ROUTE_ALIASES: Record<string, string> = {
  "/home": "/",
  "/index": "/",
  "/main": "/",
  "/news-and-analytics": "/news-analytics",
  "/price-alert": "/price-alerts",
  "/live-market": "/live-markets",
  "/brokers": "/brokers/recommended",
  "/news": "/news/breaking",
};

/** Strips a trailing slash and follows aliases, keeping the query string. */
export function canonicalRedirects(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const url = new URL(req.originalUrl, "http://x");
  let pathname = url.pathname;
  if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.replace(/\/+$/, "") || "/";
  pathname = ROUTE_ALIASES[pathname.toLowerCase()] ?? pathname;
  if (pathname === url.pathname) return next();
  res.redirect(301, pathname + url.search);
}
