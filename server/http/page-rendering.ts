import type express from "express";
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { createPageCache, type RenderReads } from "../cache/page-cache";
import { readerPart } from "../cache/reader-part";
import type { Services } from "../services";
import { clientAddress } from "./client-address";

/** React Router's load context, and the page cache whose renders go through it. */
export function pageRendering(
  services: Services,
  build: ServerBuild | (() => Promise<ServerBuild>),
  dev: boolean,
) {
  const mode = dev ? "development" : "production";
  async function context(req: express.Request, res: express.Response, reads?: RenderReads) {
    const current = typeof build === "function" ? await build() : build;
    const key = (current.entry.module as any).requestContext;
    const loadContext = new RouterContextProvider();
    loadContext.set(key, {
      services,
      nonce: res.locals.nonce as string,
      clientIp: clientAddress(req),
      reads,
    });
    return loadContext;
  }
  // Shared pages render on the public origin, so a forged Host header cannot end up in a stored
  // copy; the cache is off in development, where every edit must show.
  const renderPage = createFetchHandler(build, mode);
  const publicOrigin = new URL(services.config.publicUrl).origin;
  const cache = createPageCache({
    ttlSeconds: dev ? 0 : services.config.PAGE_CACHE_SECONDS,
    async render(req, res) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !name.startsWith(":")) headers.set(name, String(value));
      }
      const request = new Request(publicOrigin + req.originalUrl, { method: "GET", headers });
      // What the page's loaders ask about their reader decides whether signed-in readers may share it.
      const reads: RenderReads = { user: false, timeZone: false };
      return { response: await renderPage(request, await context(req, res, reads)), reads: () => reads };
    },
    personalize: readerPart(services),
  });
  return { mode, context, cache } as const;
}
