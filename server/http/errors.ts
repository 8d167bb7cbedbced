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

/**
 * Errors Node's HTTP parser answers before Express sees the request (a request line or headers
 * over the size limit, a malformed request): the same short text instead of an empty 4xx.
 */
export function answerClientErrors(server: import("node:http").Server) {
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
    const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
    const body = tooLarge ? "The address or headers are too large." : "The request is malformed.";
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
