import type express from "express";

/**
 * The client's address, resolved once per request and used by everything that counts or checks
 * addresses: the per-address limits (sign-in, forms, newsletter, chat), the auth library's own
 * limiter, the /metrics guard and the event streams. It is Express's `req.ip`, which follows
 * TRUST_PROXY: the socket's peer, or behind trusted proxies the nearest address in
 * X-Forwarded-For that they did not add (server/config.ts).
 */
export const CLIENT_IP_HEADER = "x-gulfpulse-client-ip";

export function clientAddress(req: express.Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * Writes the resolved address into CLIENT_IP_HEADER for code that sees only a Fetch `Request`
 * (the auth library and its throttle). It replaces whatever the client sent in that header, so
 * nobody chooses their own bucket.
 */
export const stampClientAddress: express.RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = clientAddress(req);
  next();
};
