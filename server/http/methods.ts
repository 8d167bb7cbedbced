import type { NextFunction, Request, Response } from "express";

/** The methods this site answers; OPTIONS only for the auth library's CORS preflight handling. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOW = ALLOWED_METHODS.join(", ");
const allowed = new Set<string>(ALLOWED_METHODS);

export const METHOD_NOT_ALLOWED_MESSAGE = "This method is not allowed here.";

/**
 * Any other method (TRACE, CONNECT, WebDAV's PROPFIND, made-up ones) gets 405 with `Allow` before
 * any route: the Fetch API the routes run on cannot even build a TRACE request, which used to end
 * as a 500 and an error in the log for what is only a client asking for something we never serve.
 */
export function knownMethods() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (allowed.has(req.method)) return next();
    res.status(405).setHeader("Allow", ALLOW);
    res.setHeader("Cache-Control", "no-store");
    res.format({
      json: () => res.json({ error: METHOD_NOT_ALLOWED_MESSAGE }),
      default: () => res.type("text/plain").send(METHOD_NOT_ALLOWED_MESSAGE),
    });
  };
}
