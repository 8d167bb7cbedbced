import type { NextFunction, Request, Response } from "express";
import { createPageEntries, type Entry } from "./page-entries";
import { classify, keyOf, onHeaders } from "./page-policy";
import { passThrough, sendStored } from "./page-send";
import { createPersonalCopies, type Personalize } from "./personal-copy";
import { createSharedCopies, type RenderShared, renderInto } from "./shared-copy";

export type { RenderReads } from "./page-entries";
export { type CacheClass, classify } from "./page-policy";
export { matchesEtag } from "./page-send";
export type { Personal } from "./personal-copy";
export type { SharedRender } from "./shared-copy";

/**
 * Cache headers for every page, and a short in-process cache of anonymous HTML (decision record
 * 011). An anonymous GET/HEAD (no session cookie, no Authorization) of a public path is rendered
 * once per URL and display-preference variant (./page-variant.ts) every `ttlSeconds` (the language
 * is in the URL: /ar/..., decision record 016); everyone in that window gets the same bytes, ETag
 * and CSP nonce, with `public, s-maxage` so a CDN can do the same. Everything else says why it must
 * not be shared: signed-in requests are `private, no-cache`, admin/auth/API, Set-Cookie and error
 * responses `no-store`.
 *
 * A signed-in reader of a page whose stored copy did not ask who reads it (home, news, search,
 * about: the header is the only part of theirs, decision record 028) gets that copy with their own
 * part (`personalize`: who they are, for the header) spliced in after `<head>`, sent privately.
 * Pages that did ask (alerts, watchlists, account, a calendar event's reminders) render per request.
 *
 * The parts: which requests may share and the headers of those that may not (./page-policy.ts),
 * the stored copies within their limits (./page-entries.ts), rendering a shared copy once per key
 * (./shared-copy.ts), sending a stored copy (./page-send.ts) and signed-in readers' spliced copies
 * (./personal-copy.ts).
 */
export interface PageCacheOptions {
  /** How long a rendered anonymous page is reused (and s-maxage); 0 turns the cache off. */
  ttlSeconds: number;
  render: RenderShared;
  personalize?: Personalize;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** Memory for all stored pages and their compressed copies; the oldest go first. */
  maxTotalBytes?: number;
  now?: () => number;
}

export function createPageCache(opts: PageCacheOptions) {
  const now = opts.now ?? Date.now;
  const cacheOn = opts.ttlSeconds > 0;
  const entries = createPageEntries({
    ttlSeconds: opts.ttlSeconds,
    maxEntries: opts.maxEntries ?? 500,
    maxBodyBytes: opts.maxBodyBytes ?? 2 * 1024 * 1024,
    maxTotalBytes: opts.maxTotalBytes ?? 64 * 1024 * 1024,
    now,
  });
  const sharedCopy = createSharedCopies(entries, opts.render);
  const personal = createPersonalCopies(opts.personalize);
  const send = (req: Request, res: Response, entry: Entry, state: "hit" | "miss") =>
    sendStored(req, res, entry, state, now(), (bytes) => entries.addEncoded(keyOf(req), entry, bytes));

  async function serveAnonymous(req: Request, res: Response) {
    const { entry, state, unshared } = await sharedCopy(req, res);
    if (entry) return send(req, res, entry, state);
    if (unshared) return passThrough(res, unshared.rendered, unshared.body);
    // The shared render could not be shared: render our own.
    const { rendered, body } = await renderInto(req, res, opts.render);
    return passThrough(res, rendered, body);
  }
  const clear = () => {
    entries.clear();
    personal.clear();
  };

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    const cls = classify(req);
    if (cacheOn && personal.candidate(req)) {
      try {
        const { entry } = await sharedCopy(req, res);
        if (entry && (await personal.serve(req, res, entry))) return;
      } catch {
        // The shared render failed: the reader's own render below answers, error page included.
      }
    }
    if (cls !== "anonymous" || !cacheOn) {
      onHeaders(res, cls, cacheOn);
      // An admin's successful change shows on public pages at once, not after the TTL.
      if (cls === "no-store" && req.method !== "GET" && req.path.toLowerCase().includes("/admin"))
        res.on("finish", () => res.statusCode < 400 && clear());
      return next();
    }
    try {
      await serveAnonymous(req, res);
    } catch (err) {
      if (!res.headersSent) onHeaders(res, "no-store", cacheOn);
      next(err);
    }
  };
  /**
   * The fast path, mounted before the rest of the middleware: a fresh stored page is sent as it is
   * (it went through all of it when it was rendered); anything else carries on down the chain.
   */
  const hits = (req: Request, res: Response, next: NextFunction) => {
    if (!cacheOn) return next();
    if (personal.candidate(req)) {
      const entry = entries.fresh(keyOf(req));
      if (!entry) return next();
      return void personal.serve(req, res, entry).then(
        (sent) => sent || next(),
        () => next(),
      );
    }
    if (classify(req) !== "anonymous") return next();
    const entry = entries.fresh(keyOf(req));
    if (!entry) return next();
    send(req, res, entry, "hit");
  };
  return Object.assign(middleware, { hits, clear, size: entries.size, bytes: entries.bytes });
}
