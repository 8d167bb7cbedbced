import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import client from "prom-client";
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { createPageCache, type RenderReads } from "../cache/page-cache";
import { readerPart } from "../cache/reader-part";
import type { Services } from "../services";
import { clientAddress, stampClientAddress } from "./client-address";
import { plainErrors } from "./errors";
import { knownMethods } from "./methods";
import { metricsAccess, registerAppMetrics } from "./metrics";
import { sameOriginMutations } from "./origin-check";
import { canonicalRedirects } from "./redirects";
import { bodyLimit, noNulInUrl } from "./request-limits";
import { securityHeaders, staticFileHeaders } from "./security";
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

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests by status class",
    labelNames: ["status"],
    registers: [registry],
  });
  registerAppMetrics(registry, services);
  app.use((_req, res, next) => {
    res.on("finish", () => requests.inc({ status: `${Math.floor(res.statusCode / 100)}xx` }));
    next();
  });

  // Anonymous pages are rendered once per few seconds and shared (decision record 011). A fresh
  // stored page goes out here, before the middleware below: it went through all of it when it was
  // rendered, and replays the headers it set.
  const pages = pageRendering(services, build, Boolean(devMiddleware));
  app.use(pages.cache.hits);

  // First, so health checks, metrics and errors carry the same headers as pages.
  app.use(
    securityHeaders({ dev: Boolean(devMiddleware), https: services.config.publicUrl.startsWith("https://") }),
  );
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    try {
      await services.database.query("select 1");
      res.json({ status: "ready", database: services.database.kind, jobLeader: services.jobs.isLeader() });
    } catch (err) {
      // The driver's message can name hosts and users: it goes to the log, not to the caller.
      services.log.warn({ err }, "readiness check failed");
      res.status(503).json({ status: "unavailable", error: "The database is not reachable." });
    }
  });
  const metricsAllowed = metricsAccess(services.config);
  app.get("/metrics", async (req, res) => {
    if (!metricsAllowed(clientAddress(req), req.headers.authorization)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ error: "Metrics need the operator's bearer token." });
      return;
    }
    res.setHeader("Content-Type", registry.contentType);
    res.send(await registry.metrics());
  });

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
  if (clientDir) {
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        setHeaders: staticFileHeaders,
      }),
    );
    // Only paths that name a file (favicon.ico): for every page view it would cost a stat and a
    // 404 error object with a stack trace (seen in the bench:http profile).
    const publicFiles = express.static(clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders: staticFileHeaders,
    });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Pages not served by the fast path above: a miss renders (and stores) an anonymous page; the
  // rest get the cache headers that say why they are not shared.
  app.use(pages.cache);
  app.all("/{*splat}", createRequestHandler({ build, mode: pages.mode, getLoadContext: pages.context }));
  app.use(plainErrors(services.log));
  return app;
}

/** React Router's load context, and the page cache whose renders go through it. */
function pageRendering(services: Services, build: HttpAppOptions["build"], dev: boolean) {
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
