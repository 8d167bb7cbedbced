import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";

/**
 * CSRF defence for every unsafe method (POST, PUT, PATCH, DELETE), before any route runs: the
 * browser's Origin (or, when a browser omits it, the Referer's origin) must be this site.
 *
 * Allowed sources: the configured public origin and the origin the request itself was addressed to
 * (scheme + Host, which a page on another site cannot set). A request with neither header is let
 * through: every current browser sends Origin on cross-origin POST/PUT/PATCH/DELETE, so a request
 * without one comes from a non-browser client (curl, a server), which carries no visitor's
 * cookies. SameSite=Lax cookies and Better Auth's own origin check remain as further layers.
 * `Origin: null` (sandboxed frames, privacy redirects) is refused.
 *
 * RFC 8058 one-click unsubscribe is not covered: mail providers POST it from any origin (a webmail
 * page sends its own), and it is authorised by the signed token in its URL alone, never by a
 * cookie. It is a raw handler (services.httpMounts), mounted before this check in ./app.ts.
 */
export function sameOriginMutations(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const source = requestSource(req);
    if (source === undefined) return next();
    const own = `${req.protocol}://${req.get("host")}`.toLowerCase();
    if (source === publicOrigin || source === own) return next();
    res.status(403);
    res.setHeader("Cache-Control", "no-store");
    res.format({
      json: () => res.json({ error: CROSS_SITE_MESSAGE }),
      default: () => res.type("text/plain").send(CROSS_SITE_MESSAGE),
    });
  };
}

/** The origin a browser says the request came from; undefined when it says nothing; null if unusable. */
function requestSource(req: Request): string | null | undefined {
  const origin = req.get("origin");
  if (origin !== undefined) return origin === "null" ? null : origin.toLowerCase();
  const referer = req.get("referer");
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
