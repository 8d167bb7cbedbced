import crypto from "node:crypto";
import type { ServerResponse } from "node:http";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/**
 * Headers that only mean something on a document (a page, or a file a browser may render as
 * one): its CSP, framing and feature policies. Scripts, styles, fonts and images ignore them, and
 * on the home page's ~20 static assets they were ~20 KB of transfer (decision record 012).
 * nosniff, Referrer-Policy (a stylesheet's own font and image requests follow it) and HSTS stay.
 */
const DOCUMENT_ONLY = ["Content-Security-Policy", "X-Frame-Options", "Permissions-Policy"];
/** Served files a browser can render as a document, with scripts: they keep the full set. */
const DOCUMENT_FILES = new Set([".html", ".htm", ".svg", ".xml", ".xhtml"]);

/**
 * express.static's `setHeaders`: called only when a file is really sent, so a missing asset
 * (rendered as an HTML 404 page) and every route keep the document headers.
 */
export function staticFileHeaders(res: ServerResponse, filePath: string) {
  if (DOCUMENT_FILES.has(path.extname(filePath).toLowerCase())) return;
  for (const name of DOCUMENT_ONLY) res.removeHeader(name);
}

/**
 * Per-request CSP nonce and the baseline security headers (docs/security.md) on every response; static
 * files other than documents shed the document-only ones (`staticFileHeaders`).
 * HSTS only when the site is served over https (PUBLIC_URL): on plain http it would be ignored,
 * and on a localhost https trial it would pin the browser.
 */
export function securityHeaders(opts: { dev: boolean; https?: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const script = opts.dev
      ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
      : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        script,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
        "frame-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (opts.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
