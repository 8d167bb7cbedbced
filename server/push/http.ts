import { readFileSync } from "node:fs";
import type { Express } from "express";

const WORKER_FILE = new URL("../../public/sw.js", import.meta.url);

/**
 * GET /sw.js: the service worker, at the site's root so its scope is every page. no-cache makes
 * the browser check for a new version on each registration instead of keeping an old one for
 * the static files' hour.
 */
export function mountServiceWorker(app: Express) {
  const source = readFileSync(WORKER_FILE, "utf8");
  app.get("/sw.js", (_req, res) => {
    res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Service-Worker-Allowed", "/");
    res.send(source);
  });
}
