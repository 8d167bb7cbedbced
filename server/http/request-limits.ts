import type { NextFunction, Request, Response } from "express";

/**
 * The largest request body any route reads: above every form's own limit (the newsletter content's
 * 100,000 characters percent-encoded) and far below what would hurt memory, since actions buffer
 * whole bodies. A body declared larger is refused before any route runs.
 */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Up to this much of a refused body is read and dropped first, so the client sees the 413. */
const DRAIN_BYTES = 8 * MAX_BODY_BYTES;

const BODY_TOO_LARGE_MESSAGE = "The request body is too large.";
const LENGTH_REQUIRED_MESSAGE = "Send the request body with a Content-Length.";

export function bodyLimit(max = MAX_BODY_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Actions read whole bodies, so one without a declared length could be any size. Browsers,
    // fetch with a string or FormData, and mail providers always declare it.
    if (req.get("transfer-encoding") && req.get("content-length") === undefined) {
      res.status(411).setHeader("Connection", "close");
      res.format({
        json: () => res.json({ error: LENGTH_REQUIRED_MESSAGE }),
        default: () => res.type("text/plain").send(LENGTH_REQUIRED_MESSAGE),
      });
      return;
    }
    const declared = Number(req.get("content-length") ?? 0);
    if (!(declared > max)) return next();
    const answer = () => {
      if (res.headersSent) return;
      res.status(413).setHeader("Cache-Control", "no-store");
      res.format({
        json: () => res.json({ error: BODY_TOO_LARGE_MESSAGE }),
        default: () => res.type("text/plain").send(BODY_TOO_LARGE_MESSAGE),
      });
    };
    // Answering while the client still uploads makes most clients report a reset, not the status.
    if (declared > DRAIN_BYTES) {
      res.setHeader("Connection", "close");
      return answer();
    }
    req.on("end", answer);
    req.on("error", answer);
    req.resume();
  };
}

const NUL_IN_URL_MESSAGE = "The address contains a NUL character.";

/**
 * PostgreSQL text cannot hold NUL, so a %00 that reaches a query fails it (a 500). No address of
 * this site has one; refusing it here covers every path segment and query parameter at once.
 */
export function noNulInUrl() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!/%00|\0/i.test(req.originalUrl)) return next();
    res.status(400).setHeader("Cache-Control", "no-store");
    res.format({
      json: () => res.json({ error: NUL_IN_URL_MESSAGE }),
      default: () => res.type("text/plain").send(NUL_IN_URL_MESSAGE),
    });
  };
}
