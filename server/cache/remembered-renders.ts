import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";

/**
 * Remembered renders of pages that are the reader's own (their alerts, their account). A page's
 * HTML is a function of its URL and of what its loaders returned: two requests whose loaders
 * returned the same data render the same bytes, so the second can be the first's copy. The
 * loaders still run on every request, so the copy is never staler than the data; only the
 * rendering (React, React Router's serialization of the data, the translations) is skipped.
 *
 * A page opts in with `handle: { rememberRenders: true }` on its route, which promises that its
 * render reads nothing but its data and URL. The copy carries the CSP nonce of the request that
 * rendered it, swapped for the current one when served. Copies live for RENDER_TTL_MS, which
 * bounds how long a text that depends on the clock (an alert past its expiry, between two runs of
 * the expiry job) can lag. The key holds every loader's data, the reader's identity included, so a
 * copy can only ever be served for data equal to the data it was rendered from.
 */

const RENDER_TTL_MS = 30_000;
/** The copies kept per process, at most; the oldest go first. */
const MAX_BYTES = 16 * 1024 * 1024;

interface Copy {
  /** The body cut where the rendering request's nonce stood, to join with another one. */
  parts: Buffer[];
  bytes: number;
  storedAt: number;
}

const copies = new Map<string, Copy>();
let storedBytes = 0;

function drop(key: string) {
  const copy = copies.get(key);
  if (!copy) return;
  copies.delete(key);
  storedBytes -= copy.bytes;
}

/**
 * The key of this render, or null when the page cannot be remembered: it did not opt in, is not
 * a successful GET, or its data holds something JSON cannot express (a deferred promise).
 */
export function renderKey(request: Request, context: EntryContext, nonce: string): string | null {
  const handler = context.staticHandlerContext;
  const plain =
    request.method === "GET" && handler.statusCode === 200 && !handler.errors && !handler.actionData;
  // In development the code changes under the same data: every request renders.
  if (!plain || !nonce || process.env.NODE_ENV === "development") return null;
  const optedIn = handler.matches.some(
    (match) =>
      (context.routeModules[match.route.id]?.handle as { rememberRenders?: boolean })?.rememberRenders,
  );
  if (!optedIn) return null;
  let deferred = false;
  const data = JSON.stringify(handler.loaderData, (_key, value) => {
    if (value instanceof Promise) deferred = true;
    return value;
  });
  if (deferred) return null;
  const url = new URL(request.url);
  // The nonce is new on every request (it is part of the root's data): it must not split copies.
  return createHash("sha256")
    .update(`${url.pathname}${url.search}\n${data.replaceAll(nonce, "")}`)
    .digest("base64");
}

/** The remembered body for this key with this request's nonce in it, or null. */
export function rememberedRender(key: string, nonce: string, now = Date.now()): Buffer | null {
  const copy = copies.get(key);
  if (!copy) return null;
  if (now - copy.storedAt > RENDER_TTL_MS) {
    drop(key);
    return null;
  }
  // Most recently used last, so the oldest are dropped first when space runs out.
  copies.delete(key);
  copies.set(key, copy);
  const glue = Buffer.from(nonce);
  return Buffer.concat(copy.parts.flatMap((part, i) => (i ? [glue, part] : [part])));
}

/** `body` cut at each occurrence of `nonce`. */
function cutAt(body: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce); at >= 0; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

export function rememberRender(key: string, body: Buffer, nonce: string, now = Date.now()) {
  if (body.length > MAX_BYTES / 8) return;
  drop(key);
  copies.set(key, { parts: cutAt(body, nonce), bytes: body.length, storedAt: now });
  storedBytes += body.length;
  for (const oldest of copies.keys()) {
    if (storedBytes <= MAX_BYTES) break;
    drop(oldest);
  }
}

/** Forgets every copy (tests). */
export function forgetRenders() {
  copies.clear();
  storedBytes = 0;
}
