import fs from "node:fs/promises";
import path from "node:path";
import { parseRetryAfter } from "#common/retry-after";
import { assertPublicHost, PrivateAddressError, publicOnlyAgent } from "./address-guard";
import { FeedError } from "./parser";

const MAX_FEED_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;

/** Feed files shipped with the app, addressed as sample://<file name> so rows stay portable. */
const SAMPLE_FEEDS_DIR = path.join(import.meta.dirname, "sample-feeds");

export type FetchResult =
  | { status: "not-modified" }
  | { status: "ok"; body: string; etag: string | null; lastModified: string | null };

export interface FetchOptions {
  etag?: string | null;
  lastModified?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
  /** FEEDS_ALLOW_PRIVATE: let the feed be on a private, loopback or link-local address. */
  allowPrivateAddresses?: boolean;
}

const ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1";

/**
 * Fetches a feed with a conditional GET, a time limit and a size limit. Only http(s) and the shipped
 * sample:// files are allowed: a feed row must never be able to read arbitrary files on the server.
 */
export async function fetchFeed(url: string, opts: FetchOptions = {}): Promise<FetchResult> {
  if (url.startsWith("sample://")) return readSample(url.slice("sample://".length), opts);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedError("invalid feed URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new FeedError(`unsupported URL scheme ${parsed.protocol}`);
  }
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? FETCH_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: ACCEPT, "User-Agent": "GulfPulse/1.0 (+feed reader)" };
  if (opts.etag) headers["If-None-Match"] = opts.etag;
  if (opts.lastModified) headers["If-Modified-Since"] = opts.lastModified;
  let res: Response;
  try {
    res = await fetchFollowingRedirects(parsed, { headers, signal }, opts.allowPrivateAddresses ?? false);
  } catch (err) {
    if (err instanceof FeedError) throw err;
    if (timeout.aborted) throw new FeedError(`timed out after ${opts.timeoutMs ?? FETCH_TIMEOUT_MS} ms`);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (err instanceof PrivateAddressError || cause instanceof PrivateAddressError) {
      throw new FeedError((cause as Error | undefined)?.message ?? (err as Error).message);
    }
    throw new FeedError(`network error: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  if (res.status === 304) {
    await res.body?.cancel();
    return { status: "not-modified" };
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FeedError(`HTTP ${res.status}`, parseRetryAfter(res.headers.get("retry-after")) ?? undefined);
  }
  const maxBytes = opts.maxBytes ?? MAX_FEED_BYTES;
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new FeedError(`too large: ${declared} bytes (limit ${maxBytes})`);
  }
  const bytes = await readLimited(res, maxBytes, () => timeout.aborted);
  const contentType = res.headers.get("content-type") ?? "";
  if (/text\/html/i.test(contentType) && !/^\s*<\?xml|<(rss|feed|rdf:RDF)[\s>]/i.test(peek(bytes))) {
    throw new FeedError("not a feed: the server answered with an HTML page");
  }
  return {
    status: "ok",
    body: decode(bytes, contentType),
    etag: res.headers.get("etag"),
    lastModified: res.headers.get("last-modified"),
  };
}

/**
 * Redirects are followed here rather than by fetch, so that every hop is checked: a public feed
 * must not be able to bounce the server to a private address.
 */
async function fetchFollowingRedirects(
  start: URL,
  init: { headers: Record<string, string>; signal: AbortSignal },
  allowPrivate: boolean,
): Promise<Response> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!allowPrivate) assertPublicHost(url);
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      ...(allowPrivate ? {} : { dispatcher: publicOnlyAgent }),
    } as RequestInit);
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (!location) return res;
    await res.body?.cancel();
    url = new URL(location, url);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new FeedError(`redirected to an unsupported URL scheme ${url.protocol}`);
    }
  }
  throw new FeedError(`more than ${MAX_REDIRECTS} redirects`);
}

async function readSample(name: string, opts: FetchOptions): Promise<FetchResult> {
  if (!/^[\w.-]+$/.test(name)) throw new FeedError("invalid sample feed name");
  const file = path.join(SAMPLE_FEEDS_DIR, name);
  let stat: Awaited<ReturnType<typeof fs.stat>>;
  try {
    stat = await fs.stat(file);
  } catch {
    throw new FeedError(`sample feed ${name} not found`);
  }
  if (stat.size > (opts.maxBytes ?? MAX_FEED_BYTES)) throw new FeedError(`too large: ${stat.size} bytes`);
  // The file's modification time plays the role of Last-Modified, so unchanged files are skipped.
  const lastModified = stat.mtime.toUTCString();
  if (opts.lastModified === lastModified) return { status: "not-modified" };
  const bytes = new Uint8Array(await fs.readFile(file));
  return { status: "ok", body: decode(bytes, ""), etag: null, lastModified };
}

async function readLimited(res: Response, maxBytes: number, timedOut: () => boolean): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new FeedError(`too large: more than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    if (timedOut()) throw new FeedError("timed out while reading the body");
    throw new FeedError(`network error while reading: ${(err as Error).message}`);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

function peek(bytes: Uint8Array) {
  return new TextDecoder("latin1").decode(bytes.subarray(0, 512));
}

/** Charset from the Content-Type header, else the XML declaration, else UTF-8 (Arabic feeds included). */
function decode(bytes: Uint8Array, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(peek(bytes))?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? "utf-8");
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(bytes);
}
