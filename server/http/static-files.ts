import path from "node:path";
import express from "express";
import { staticFileHeaders } from "./security";

/** The built client's files: hashed assets cached for a year, the rest (favicon.ico) for an hour. */
export function mountStaticFiles(app: express.Express, clientDir: string) {
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
