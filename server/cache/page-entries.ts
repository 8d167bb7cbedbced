import crypto from "node:crypto";
import { VARY } from "./page-policy";
import { type SplicedPage, splicedPage } from "./spliced-page";

export interface RenderReads {
  /** Who the reader is, beyond the header's own lookup: the page is theirs alone. */
  user: boolean;
  /** The reader's calendar time zone, which a signed-in reader may have saved in their account. */
  timeZone: boolean;
}

export interface Entry {
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

/** A weak validator: the bytes may go out compressed, so equality is semantic, not byte-for-byte. */
const etagOf = (body: Buffer) => `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;

export interface EntryLimits {
  ttlSeconds: number;
  maxEntries: number;
  maxBodyBytes: number;
  /** Memory for all stored pages and their compressed copies; the oldest go first. */
  maxTotalBytes: number;
  now: () => number;
}

export interface Render {
  rendered: globalThis.Response;
  body: Buffer;
  /** The headers the middleware set for the request that rendered it. */
  base: Array<[string, string]>;
  reads: RenderReads;
}

/**
 * The stored form of a render, made now, or null when it may not be shared: anything but a
 * complete 200 HTML page without cookies or its own Cache-Control, within the size limit.
 */
function entryOf({ rendered, body, base, reads }: Render, limits: EntryLimits): Entry | null {
  const type = rendered.headers.get("content-type") ?? "";
  const cacheable =
    rendered.status === 200 &&
    type.startsWith("text/html") &&
    !rendered.headers.has("set-cookie") &&
    !rendered.headers.has("cache-control") &&
    body.length <= limits.maxBodyBytes;
  if (!cacheable) return null;
  const at = limits.now();
  const ttl = limits.ttlSeconds;
  const etag = etagOf(body);
  const headers = new Map<string, string>();
  for (const [k, v] of [...base, ...rendered.headers])
    if (!NOT_REPLAYED.has(k.toLowerCase())) headers.set(k, v);
  const personal = [...headers, ["Cache-Control", "private, no-cache"], ["Vary", VARY]];
  const publicControl = `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${2 * ttl}`;
  headers.set("Cache-Control", publicControl).set("Vary", VARY).set("ETag", etag);
  const flat = (skip?: string) =>
    [...headers].filter(([k]) => k.toLowerCase() !== skip).flatMap(([k, v]) => [k, v]);
  const headAt = body.indexOf("<head>");
  return {
    status: rendered.status,
    head: flat(),
    head304: flat("content-type"),
    headPersonal: personal.flat(),
    reads,
    spliced: headAt < 0 ? null : splicedPage(body, headAt + "<head>".length),
    body,
    etag,
    createdAt: at,
    expiresAt: at + ttl * 1000,
    encoded: new Map(),
  };
}

export type PageEntries = ReturnType<typeof createPageEntries>;

/** The stored copies by key, within their count and memory limits. */
export function createPageEntries(limits: EntryLimits) {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const sizeOf = (e: Entry) => e.body.length + [...e.encoded.values()].reduce((n, b) => n + b.length, 0);
  function drop(key: string) {
    const old = entries.get(key);
    if (!old) return;
    totalBytes -= sizeOf(old);
    entries.delete(key);
  }
  /** Stores a render under its key when it may be shared; the stored entry or null. */
  function store(key: string, render: Render) {
    const entry = entryOf(render, limits);
    if (!entry) return null;
    const at = entry.createdAt;
    drop(key);
    entries.set(key, entry);
    totalBytes += entry.body.length;
    // Oldest first (a Map iterates in insertion order): expired copies, then over the limits.
    for (const [k, e] of entries) {
      if (e.expiresAt > at && entries.size <= limits.maxEntries && totalBytes <= limits.maxTotalBytes) break;
      if (k !== key) drop(k);
    }
    return entry;
  }
  return {
    store,
    fresh(key: string) {
      const entry = entries.get(key);
      return entry && entry.expiresAt > limits.now() ? entry : undefined;
    },
    /** Counts a compressed copy of an entry, while it is still the one stored under its key. */
    addEncoded(key: string, entry: Entry, bytes: number) {
      if (entries.get(key) === entry) totalBytes += bytes;
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    size: () => entries.size,
    bytes: () => totalBytes,
  };
}
