import type { Request, Response } from "express";
import type { Entry, PageEntries, Render, RenderReads } from "./page-entries";
import { keyOf, variantOf } from "./page-policy";

export interface SharedRender {
  response: globalThis.Response;
  /** What the render asked about its reader; read once the body is complete. */
  reads(): RenderReads;
}

/** Renders one anonymous GET through React Router (cookie-less, on the public origin). */
export type RenderShared = (req: Request, res: Response) => Promise<SharedRender>;

/**
 * Renders the request as its shared copy: it sees the variant's cookies only, so nothing outside
 * its key can shape it; the request keeps its own for whatever comes after (a signed-in reader's
 * own render).
 */
export async function renderInto(req: Request, res: Response, render: RenderShared): Promise<Render> {
  const own = req.headers.cookie;
  const cookie = variantOf(req)?.cookie;
  if (cookie) req.headers.cookie = cookie;
  else delete req.headers.cookie;
  try {
    // The headers the middleware set for this request (security headers, its CSP and nonce).
    const base = Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)] as [string, string]);
    const shared = await render(req, res);
    const rendered = shared.response;
    const body = Buffer.from(await rendered.arrayBuffer());
    return { rendered, body, base, reads: shared.reads() };
  } finally {
    if (own === undefined) delete req.headers.cookie;
    else req.headers.cookie = own;
  }
}

/**
 * The stored copy for the request's key: fresh, or rendered now (single flight: concurrent misses
 * of one key wait for the first render). Without one, `unshared` is the render that could not be
 * stored (an error, a redirect, not HTML) when this request made it, else null.
 */
export function createSharedCopies(entries: PageEntries, render: RenderShared) {
  const inflight = new Map<string, Promise<Entry | null>>();
  return async function sharedCopy(req: Request, res: Response) {
    const key = keyOf(req);
    const hit = entries.fresh(key);
    if (hit) return { entry: hit, state: "hit" as const, unshared: null };
    const pending = inflight.get(key);
    if (pending) return { entry: await pending, state: "hit" as const, unshared: null };
    let settle!: (e: Entry | null) => void;
    inflight.set(key, new Promise((r) => (settle = r)));
    try {
      const made = await renderInto(req, res, render);
      const entry = entries.store(key, made);
      settle(entry);
      return {
        entry,
        state: "miss" as const,
        unshared: entry ? null : { rendered: made.rendered, body: made.body },
      };
    } catch (err) {
      settle(null);
      throw err;
    } finally {
      inflight.delete(key);
    }
  };
}
