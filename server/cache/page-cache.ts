import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { type PageVariant, pageVariant } from "./page-variant";
import { type SplicedPage, splicedPage } from "./spliced-page";

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
 */
export interface PageCacheOptions {
  /** How long a rendered anonymous page is reused (and s-maxage); 0 turns the cache off. */
  ttlSeconds: number;
  /** Renders one anonymous GET through React Router (cookie-less, on the public origin). */
  render: (req: Request, res: Response) => Promise<SharedRender>;
  /**
   * The signed-in reader's own part of a shared page, or null when the page must be rendered for
   * them (no valid session, a saved language that moves them to the page's twin).
   */
  personalize?: (req: Request) => Promise<Personal | null>;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** Memory for all stored pages and their compressed copies; the oldest go first. */
  maxTotalBytes?: number;
  now?: () => number;
}

export type CacheClass = "anonymous" | "private" | "no-store";

export interface SharedRender {
  response: globalThis.Response;
  /** What the render asked about its reader; read once the body is complete. */
  reads(): RenderReads;
}

export interface RenderReads {
  /** Who the reader is, beyond the header's own lookup: the page is theirs alone. */
  user: boolean;
  /** The reader's calendar time zone, which a signed-in reader may have saved in their account. */
  timeZone: boolean;
}

export interface Personal {
  /** Bytes spliced into the shared copy after `<head>`. */
  insert: Buffer;
  /** Whether the reader saved a calendar time zone (asked only of copies that show times). */
  hasSavedTimeZone(): Promise<boolean>;
}

interface Entry {
  status: number;
  /**
   * Every header of the stored response as a flat name/value list: the security headers of the
   * request that rendered it (its CSP carries the nonce that is in the body), the page's own, and
   * the cache headers. Replayed as they are, so a hit needs none of the middleware that made them.
   */
  head: string[];
  /** The same without Content-Type, for 304s. */
  head304: string[];
  body: Buffer;
  /** The headers for a signed-in reader's spliced copy: private, no validator. */
  headPersonal: string[];
  reads: RenderReads;
  /** null when the page has no `<head>` to splice after. */
  spliced: SplicedPage | null;
  etag: string;
  createdAt: number;
  expiresAt: number;
  encoded: Map<string, Buffer>;
}

const NO_STORE_PREFIXES = ["/admin", "/auth", "/api/", "/newsletter/unsubscribe"];
/** Per-response headers that must not be replayed from a stored render. */
const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "set-cookie",
  "cache-control",
  "etag",
  "vary",
  "age",
  "x-page-cache",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);
// Accept-Language changes nothing: the language is the URL's, and a remembered choice (the `lang`
// cookie) is one of the cookies the key is made of.
const VARY = "Cookie, Accept-Encoding";

/** The request's preference variant, worked out once per request (null: it must not be shared). */
const variants = new WeakMap<Request, PageVariant | null>();
function variantOf(req: Request): PageVariant | null {
  if (!variants.has(req)) variants.set(req, pageVariant(req.headers.cookie));
  return variants.get(req) ?? null;
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

/** A weak validator: the bytes may go out compressed, so equality is semantic, not byte-for-byte. */
const etagOf = (body: Buffer) => `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || opaque(t) === opaque(etag));
}

export function createPageCache(opts: PageCacheOptions) {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 500;
  const maxBodyBytes = opts.maxBodyBytes ?? 2 * 1024 * 1024;
  const maxTotalBytes = opts.maxTotalBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const sizeOf = (e: Entry) => e.body.length + [...e.encoded.values()].reduce((n, b) => n + b.length, 0);
  function drop(key: string) {
    const old = entries.get(key);
    if (!old) return;
    totalBytes -= sizeOf(old);
    entries.delete(key);
  }
  /** Single flight: concurrent misses of one key wait for the first render. */
  const inflight = new Map<string, Promise<Entry | null>>();
  const publicControl = `public, max-age=0, s-maxage=${opts.ttlSeconds}, stale-while-revalidate=${2 * opts.ttlSeconds}`;

  function store(
    key: string,
    rendered: globalThis.Response,
    body: Buffer,
    base: Array<[string, string]>,
    reads: RenderReads,
  ) {
    const type = rendered.headers.get("content-type") ?? "";
    const cacheable =
      rendered.status === 200 &&
      type.startsWith("text/html") &&
      !rendered.headers.has("set-cookie") &&
      !rendered.headers.has("cache-control") &&
      body.length <= maxBodyBytes;
    if (!cacheable) return null;
    const at = now();
    const etag = etagOf(body);
    const headers = new Map<string, string>();
    for (const [k, v] of [...base, ...rendered.headers])
      if (!NOT_REPLAYED.has(k.toLowerCase())) headers.set(k, v);
    const personal = [...headers, ["Cache-Control", "private, no-cache"], ["Vary", VARY]];
    headers.set("Cache-Control", publicControl).set("Vary", VARY).set("ETag", etag);
    const flat = (skip?: string) =>
      [...headers].filter(([k]) => k.toLowerCase() !== skip).flatMap(([k, v]) => [k, v]);
    const headAt = body.indexOf("<head>");
    const entry: Entry = {
      status: rendered.status,
      head: flat(),
      head304: flat("content-type"),
      headPersonal: personal.flat(),
      reads,
      spliced: headAt < 0 ? null : splicedPage(body, headAt + "<head>".length),
      body,
      etag,
      createdAt: at,
      expiresAt: at + opts.ttlSeconds * 1000,
      encoded: new Map(),
    };
    drop(key);
    entries.set(key, entry);
    totalBytes += body.length;
    // Oldest first (a Map iterates in insertion order): expired copies, then over the limits.
    for (const [k, e] of entries) {
      if (e.expiresAt > at && entries.size <= maxEntries && totalBytes <= maxTotalBytes) break;
      if (k !== key) drop(k);
    }
    return entry;
  }

  function send(req: Request, res: Response, entry: Entry, state: "hit" | "miss") {
    const age = String(Math.floor((now() - entry.createdAt) / 1000));
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.removeHeader("Content-Type");
      res.writeHead(304, [...entry.head304, "Age", age, "X-Page-Cache", state]);
      return void res.end();
    }
    let body = entry.body;
    const head = [...entry.head, "Age", age, "X-Page-Cache", state];
    const encoding = req.acceptsEncodings("br", "gzip");
    if (encoding === "br" || encoding === "gzip") {
      let encoded = entry.encoded.get(encoding);
      if (!encoded) {
        encoded =
          encoding === "br"
            ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
            : zlib.gzipSync(body);
        entry.encoded.set(encoding, encoded);
        if (entries.get(keyOf(req)) === entry) totalBytes += encoded.length;
      }
      body = encoded;
      // compression() (on the miss path) leaves an already encoded body alone.
      head.push("Content-Encoding", encoding);
    }
    head.push("Content-Length", String(body.length));
    res.writeHead(entry.status, head);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * A signed-in reader's copy: the stored page with their part spliced in, gzip-compressed when
   * they accept it (every browser that accepts br accepts gzip), never a 304 or an ETag.
   */
  function sendPersonal(req: Request, res: Response, entry: Entry, spliced: SplicedPage, insert: Buffer) {
    const head = [...entry.headPersonal, "X-Page-Cache", "personal"];
    const encoding = req.acceptsEncodings("gzip");
    const parts = encoding === "gzip" ? spliced.gzip(insert) : spliced.identity(insert);
    if (encoding === "gzip") head.push("Content-Encoding", "gzip");
    head.push("Content-Length", String(parts.reduce((n, b) => n + b.length, 0)));
    res.writeHead(entry.status, head);
    if (req.method === "HEAD") return void res.end();
    for (const part of parts) res.write(part);
    res.end();
  }

  /**
   * Serves a signed-in reader from a stored copy when the copy never asked who reads it, with their
   * own part spliced in; false when the page must be rendered for them.
   */
  async function servePersonal(req: Request, res: Response, entry: Entry) {
    if (entry.reads.user) readersOwn.add(req.path);
    if (!entry.spliced || entry.reads.user || !opts.personalize) return false;
    const personal = await opts.personalize(req);
    if (!personal) return false;
    // Times shown in a zone the reader saved, when no cookie names one, are theirs alone.
    if (entry.reads.timeZone && !variantOf(req)?.timeZone && (await personal.hasSavedTimeZone()))
      return false;
    sendPersonal(req, res, entry, entry.spliced, personal.insert);
    return true;
  }

  /** Sends a render that may not be shared, as it came, under the no-store rule for errors. */
  async function passThrough(res: Response, rendered: globalThis.Response, body: Buffer) {
    res.status(rendered.status);
    for (const [k, v] of rendered.headers) if (k !== "set-cookie") res.setHeader(k, v);
    const cookies = rendered.headers.getSetCookie();
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    applyPolicy(res, "anonymous", false);
    res.end(body);
  }

  /** Header rules for responses that are not served from the cache (set just before headers go). */
  function applyPolicy(res: Response, cls: CacheClass, cacheOn: boolean) {
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
  function onHeaders(res: Response, cls: CacheClass) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: any[]) {
      if (typeof args[0] === "number") res.statusCode = args[0];
      applyPolicy(res, cls, opts.ttlSeconds > 0);
      return (writeHead as any).apply(this, args);
    } as typeof res.writeHead;
  }

  async function renderInto(req: Request, res: Response) {
    // A shared copy sees the variant's cookies only, so nothing outside its key can shape it; the
    // request keeps its own for whatever comes after (a signed-in reader's own render).
    const own = req.headers.cookie;
    const cookie = variantOf(req)?.cookie;
    if (cookie) req.headers.cookie = cookie;
    else delete req.headers.cookie;
    try {
      // The headers the middleware set for this request (security headers, its CSP and nonce).
      const base = Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)] as [string, string]);
      const shared = await opts.render(req, res);
      const rendered = shared.response;
      const body = Buffer.from(await rendered.arrayBuffer());
      return { rendered, body, base, reads: shared.reads() };
    } finally {
      if (own === undefined) delete req.headers.cookie;
      else req.headers.cookie = own;
    }
  }

  const keyOf = (req: Request) => {
    const variant = variantOf(req)?.key;
    return variant ? `${req.originalUrl}\n${variant}` : req.originalUrl;
  };
  const fresh = (key: string) => {
    const entry = entries.get(key);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };

  /**
   * The stored copy for the request's key: fresh, or rendered now (once for concurrent misses).
   * Without one, `unshared` is the render that could not be stored (an error, a redirect, not
   * HTML) when this request made it, else null.
   */
  async function sharedCopy(req: Request, res: Response) {
    const key = keyOf(req);
    const hit = fresh(key);
    if (hit) return { entry: hit, state: "hit" as const, unshared: null };
    const pending = inflight.get(key);
    if (pending) return { entry: await pending, state: "hit" as const, unshared: null };
    let settle!: (e: Entry | null) => void;
    inflight.set(key, new Promise((r) => (settle = r)));
    try {
      const { rendered, body, base, reads } = await renderInto(req, res);
      const entry = store(key, rendered, body, base, reads);
      settle(entry);
      return { entry, state: "miss" as const, unshared: entry ? null : { rendered, body } };
    } catch (err) {
      settle(null);
      throw err;
    } finally {
      inflight.delete(key);
    }
  }

  async function serveAnonymous(req: Request, res: Response) {
    const { entry, state, unshared } = await sharedCopy(req, res);
    if (entry) return send(req, res, entry, state);
    if (unshared) return passThrough(res, unshared.rendered, unshared.body);
    // The shared render could not be shared: render our own.
    const { rendered, body } = await renderInto(req, res);
    return passThrough(res, rendered, body);
  }

  /**
   * Paths whose copy asked who reads it (alerts, account...): rendered for a signed-in reader
   * straight away, without rendering a shared copy first each time one expires.
   */
  const readersOwn = new Set<string>();
  /** Whether a request may be answered with a shared copy made personal (a page, signed in). */
  const personalCandidate = (req: Request) =>
    Boolean(opts.personalize) &&
    !readersOwn.has(req.path) &&
    (req.method === "GET" || req.method === "HEAD") &&
    !req.headers.authorization &&
    variantOf(req)?.session === true &&
    // React Router's data requests of client navigations are never stored: render them.
    !req.path.endsWith(".data") &&
    !NO_STORE_PREFIXES.some((p) => req.path.toLowerCase().startsWith(p.replace(/\/$/, "")));

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    const cls = classify(req);
    if (opts.ttlSeconds > 0 && personalCandidate(req)) {
      try {
        const { entry } = await sharedCopy(req, res);
        if (entry && (await servePersonal(req, res, entry))) return;
      } catch {
        // The shared render failed: the reader's own render below answers, error page included.
      }
    }
    if (cls !== "anonymous" || opts.ttlSeconds <= 0) {
      onHeaders(res, cls);
      // An admin's successful change shows on public pages at once, not after the TTL.
      if (cls === "no-store" && req.method !== "GET" && req.path.toLowerCase().includes("/admin"))
        res.on("finish", () => res.statusCode < 400 && clear());
      return next();
    }
    try {
      await serveAnonymous(req, res);
    } catch (err) {
      if (!res.headersSent) onHeaders(res, "no-store");
      next(err);
    }
  };
  /**
   * The fast path, mounted before the rest of the middleware: a fresh stored page is sent as it is
   * (it went through all of it when it was rendered); anything else carries on down the chain.
   */
  const hits = (req: Request, res: Response, next: NextFunction) => {
    if (opts.ttlSeconds <= 0) return next();
    if (personalCandidate(req)) {
      const entry = fresh(keyOf(req));
      if (!entry) return next();
      return void servePersonal(req, res, entry).then(
        (sent) => sent || next(),
        () => next(),
      );
    }
    if (classify(req) !== "anonymous") return next();
    const entry = fresh(keyOf(req));
    if (!entry) return next();
    send(req, res, entry, "hit");
  };
  const clear = () => {
    entries.clear();
    readersOwn.clear();
    totalBytes = 0;
  };
  return Object.assign(middleware, { hits, clear, size: () => entries.size, bytes: () => totalBytes });
}
