import zlib from "node:zlib";
import type { Request, Response } from "express";
import type { Entry } from "./page-entries";
import { applyPolicy } from "./page-policy";
import type { SplicedPage } from "./spliced-page";

export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || opaque(t) === opaque(etag));
}

/**
 * Sends a stored copy as it is (a 304 when the validator matches), compressed with br or gzip when
 * accepted; each compressed copy is made once per entry and reported through `onEncoded`.
 */
export function sendStored(
  req: Request,
  res: Response,
  entry: Entry,
  state: "hit" | "miss",
  now: number,
  onEncoded: (bytes: number) => void,
) {
  const age = String(Math.floor((now - entry.createdAt) / 1000));
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
      onEncoded(encoded.length);
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
export function sendPersonal(
  req: Request,
  res: Response,
  entry: Entry,
  spliced: SplicedPage,
  insert: Buffer,
) {
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

/** Sends a render that may not be shared, as it came, under the no-store rule for errors. */
export async function passThrough(res: Response, rendered: globalThis.Response, body: Buffer) {
  res.status(rendered.status);
  for (const [k, v] of rendered.headers) if (k !== "set-cookie") res.setHeader(k, v);
  const cookies = rendered.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  applyPolicy(res, "anonymous", false);
  res.end(body);
}
