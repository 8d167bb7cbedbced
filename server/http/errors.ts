import http from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger";

/**
 * The last resort for errors Express itself meets (a malformed percent-escape in the path, a
 * failing raw handler): a short message, never the error's own text or stack trace (Express's
 * default handler prints the stack unless NODE_ENV is exactly "production").
 */
export function plainErrors(log: Logger) {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const e = err as { status?: unknown; statusCode?: unknown } | null;
    const raw = Number(e?.status ?? e?.statusCode);
    const status = raw >= 400 && raw < 600 ? raw : 500;
    if (status >= 500) log.error({ err, path: req.path }, "request failed");
    const message =
      err instanceof URIError || (status === 400 && /decode/i.test(String((err as Error)?.message)))
        ? "The address is not valid (malformed percent-encoding)."
        : (http.STATUS_CODES[status] ?? "Error");
    res.status(status).setHeader("Cache-Control", "no-store");
    res.format({
      json: () => res.json({ error: message }),
      default: () => res.type("text/plain").send(message),
    });
  };
}
