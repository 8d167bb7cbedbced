import type { NextFunction, Request, Response } from "express";

export const INVALID_UTF8_MESSAGE = "The request body is not valid UTF-8 text.";

const decoder = new TextDecoder("utf-8", { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    decoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * A form body's percent-escapes decoded: a run of escapes that is not UTF-8 ("%FF", "%ED%A0%80", a
 * lone surrogate) would be read as U+FFFD. Stray "%" signs are left to the parser, which keeps them.
 */
function formIsUtf8(text: string): boolean {
  for (const run of text.match(/(?:%[0-9a-f]{2})+/gi) ?? []) {
    try {
      decodeURIComponent(run);
    } catch {
      return false;
    }
  }
  return true;
}

/** Every part of a multipart body except files (parts with a filename): headers and text. */
function multipartIsUtf8(body: Buffer, boundary: string): boolean {
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    const part = body.subarray(start, next === -1 ? body.length : next);
    const split = part.indexOf("\r\n\r\n");
    const head = split === -1 ? part : part.subarray(0, split);
    if (!isUtf8(head)) return false;
    const file = /filename\*?=/i.test(head.toString("utf8"));
    if (split !== -1 && !file && !isUtf8(part.subarray(split + 4))) return false;
    at = next;
  }
  return true;
}

/** Whether a body is text every route can read as it was sent (see utf8Bodies). */
export function bodyIsUtf8(body: Buffer, contentType: string): boolean {
  const type = contentType.toLowerCase();
  const boundary = /^multipart\/form-data\s*;.*\bboundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (type.startsWith("multipart/form-data") && boundary) return multipartIsUtf8(body, boundary);
  if (!isUtf8(body)) return false;
  return !type.startsWith("application/x-www-form-urlencoded") || formIsUtf8(body.toString("utf8"));
}

function refuse(res: Response) {
  res.status(400).setHeader("Cache-Control", "no-store");
  res.format({
    json: () => res.json({ error: INVALID_UTF8_MESSAGE }),
    default: () => res.type("text/plain").send(INVALID_UTF8_MESSAGE),
  });
}

/**
 * Request bodies must be UTF-8 (ASVS V5.1): JSON, forms (raw bytes and percent-escapes) and the
 * text fields of multipart forms. Parsers replace bytes that are not UTF-8 with U+FFFD, so a
 * route would store a mangled value and answer 200; here such a body gets 400 with a message
 * before any route reads it. The site takes no file uploads, but a multipart file part is left as
 * it is. The body (at most MAX_BODY_BYTES with a declared length: ./request-limits.ts runs first)
 * is read whole, checked, and put back on the request stream (`unshift`) for the route to read.
 */
export function utf8Bodies() {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.get("content-length") ?? 0);
    if (!(length > 0) || req.method === "GET" || req.method === "HEAD") return next();
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("error", stop);
      req.off("close", stop);
    };
    function onData(chunk: Buffer) {
      chunks.push(chunk);
      received += chunk.length;
      if (received < length) return;
      // The whole body is here (HTTP framing ends it at the declared length), before its end event.
      stop();
      req.pause();
      const body = Buffer.concat(chunks);
      if (!bodyIsUtf8(body, req.get("content-type") ?? "")) return refuse(res);
      req.unshift(body);
      next();
    }
    req.on("data", onData);
    req.once("error", stop);
    req.once("close", stop);
  };
}
