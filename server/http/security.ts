import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Per-request CSP nonce and the baseline security headers (issue 2 §8) on every response.
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
