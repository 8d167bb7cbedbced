import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { Services } from "../services";
import { stampClientAddress } from "./client-address";
import { plainErrors } from "./errors";
import { knownMethods } from "./methods";
import { sameOriginMutations } from "./origin-check";
import { pageRendering } from "./page-rendering";
import { countRequests, mountProbes } from "./probes";
import { canonicalRedirects } from "./redirects";
import { bodyLimit, noNulInUrl } from "./request-limits";
import { securityHeaders } from "./security";
import { mountStaticFiles } from "./static-files";
import { utf8Bodies } from "./utf8-bodies";

export interface HttpAppOptions {
  services: Services;
  /**
   * The React Router server build; in development a loader of it, fresh per request. Given as a
   * function, React Router derives its route table and handler again on every request (a route
   * flattening and path compiling that profiles showed on every render), so production passes the
   * build itself.
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves built client assets; in development Vite's middleware does it instead. */
  clientDir?: string;
  devMiddleware?: express.RequestHandler;
}

export function createHttpApp({ services, build, clientDir, devMiddleware }: HttpAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Which proxies may name the client (server/config.ts); the address is resolved once, here.
  app.set("trust proxy", services.config.TRUST_PROXY);
  app.use(stampClientAddress);
  const registry = countRequests(app, services);

  // Anonymous pages are rendered once per few seconds and shared (decision record 011). A fresh
  // stored page goes out here, before the middleware below: it went through all of it when it was
  // rendered, and replays the headers it set.
  const pages = pageRendering(services, build, Boolean(devMiddleware));
  app.use(pages.cache.hits);

  // First, so health checks, metrics and errors carry the same headers as pages.
  app.use(
    securityHeaders({ dev: Boolean(devMiddleware), https: services.config.publicUrl.startsWith("https://") }),
  );
  mountProbes(app, services, registry);

  app.use(knownMethods());
  app.use(canonicalRedirects);
  app.use(bodyLimit());
  app.use(noNulInUrl());
  app.use(utf8Bodies());
  // Features that need raw HTTP (SSE streams, one-click unsubscribe) mount their handlers here,
  // before compression: it wraps every write (costly across thousands of streams) even when it
  // decides not to compress.
  for (const mount of services.httpMounts) mount(app);
  // CSRF check for everything after the raw handlers, which authorise themselves without cookies:
  // a signed token (one-click unsubscribe, which mail providers POST from any origin, RFC 8058).
  app.use(sameOriginMutations(services.config.publicUrl));

  // Never compress event streams (e.g. the chat's): compression buffers them.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  if (devMiddleware) app.use(devMiddleware);
  if (clientDir) mountStaticFiles(app, clientDir);

  // Pages not served by the fast path above: a miss renders (and stores) an anonymous page; the
  // rest get the cache headers that say why they are not shared.
  app.use(pages.cache);
  app.all("/{*splat}", createRequestHandler({ build, mode: pages.mode, getLoadContext: pages.context }));
  app.use(plainErrors(services.log));
  return app;
}
