import type { Request, Response } from "express";
import { type PageVariant, pageVariant } from "./page-variant";

/** What kind of response a request may get: a shared copy, the reader's own, or nothing stored. */
export type CacheClass = "anonymous" | "private" | "no-store";

export const NO_STORE_PREFIXES = ["/admin", "/auth", "/api/", "/newsletter/unsubscribe"];
// Accept-Language changes nothing: the language is the URL's, and a remembered choice (the `lang`
// cookie) is one of the cookies the key is made of.
export const VARY = "Cookie, Accept-Encoding";

/** The request's preference variant, worked out once per request (null: it must not be shared). */
const variants = new WeakMap<Request, PageVariant | null>();
export function variantOf(req: Request): PageVariant | null {
  if (!variants.has(req)) variants.set(req, pageVariant(req.headers.cookie));
  return variants.get(req) ?? null;
}

/** The key of a request's stored copy: its URL and, when it has one, its preference variant. */
export function keyOf(req: Request) {
  const variant = variantOf(req)?.key;
  return variant ? `${req.originalUrl}\n${variant}` : req.originalUrl;
}

/** Request-side decision: what kind of response this request may get. */
export function classify(req: Request): CacheClass {
  if (req.method !== "GET" && req.method !== "HEAD") return "no-store";
  const path = req.path.toLowerCase();
  if (NO_STORE_PREFIXES.some((p) => path === p.replace(/\/$/, "") || path.startsWith(p))) return "no-store";
  // A session (or anything not one of a few known variants) makes the page the visitor's own.
  if (req.headers.authorization || !variantOf(req) || variantOf(req)?.session) return "private";
  return "anonymous";
}

/** Header rules for responses that are not served from the cache (set just before headers go). */
export function applyPolicy(res: Response, cls: CacheClass, cacheOn: boolean) {
  const setCookie = res.getHeader("Set-Cookie");
  if (setCookie && (!Array.isArray(setCookie) || setCookie.length)) {
    res.setHeader("Cache-Control", "private, no-store");
    return;
  }
  if (res.getHeader("Cache-Control")) return; // the route knows best (feeds, streams, exports)
  if (res.statusCode >= 400 || cls === "no-store") res.setHeader("Cache-Control", "no-store");
  else if (cls === "private") {
    res.setHeader("Cache-Control", "private, no-cache");
    res.setHeader("Vary", VARY);
  } else if (!cacheOn && res.statusCode < 300) res.setHeader("Cache-Control", "no-cache");
}

/** Hooks writeHead so the policy sees the final status and headers of a streamed response. */
export function onHeaders(res: Response, cls: CacheClass, cacheOn: boolean) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: any[]) {
    if (typeof args[0] === "number") res.statusCode = args[0];
    applyPolicy(res, cls, cacheOn);
    return (writeHead as any).apply(this, args);
  } as typeof res.writeHead;
}
