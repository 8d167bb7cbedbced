import type { Request, Response } from "express";
import { clientAddress } from "../http/client-address";
import type { Logger } from "../logger";
import { type StreamLimits, type streamCounter, tooMany } from "./sse-limits";
import type { SseClient, SseStreams } from "./sse-streams";

export interface OpenDeps {
  log: Logger;
  resolveUserId: (headers: Headers) => Promise<string | null>;
  limits: StreamLimits;
  counter: ReturnType<typeof streamCounter>;
  streams: SseStreams;
  connectHooks: Array<(c: SseClient) => void>;
}

/** Who the request is, or null (anonymous) when the session cannot be looked up. */
async function userOf(deps: OpenDeps, headers: Headers) {
  try {
    return await deps.resolveUserId(headers);
  } catch (err) {
    deps.log.warn({ err }, "sse: session lookup failed; streaming anonymously");
    return null;
  }
}

/**
 * GET /api/stream: within the per-address and per-account limits, opens an event stream for the
 * request's reader, registers it and runs the connect hooks before any broadcast reaches it.
 */
export async function openStream(deps: OpenDeps, req: Request, res: Response) {
  // The one client address of the request (TRUST_PROXY decides whose X-Forwarded-For counts).
  const address = clientAddress(req);
  // Taken before the session lookup, so a burst of connections cannot all pass the count.
  if (!deps.counter.take(address)) return tooMany(res);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const userId = await userOf(deps, headers);
  const socket = res.socket;
  if (!socket || (userId && deps.streams.countOf(userId) >= deps.limits.perUser)) {
    deps.counter.release(address);
    if (socket) tooMany(res);
    return;
  }
  // The body runs until the connection closes (no chunked framing), so events are written
  // straight to the socket: one write per client per tick, sent at once, rather than
  // http's chunk framing corked until the whole fan-out loop has run (bench:sse).
  res.useChunkedEncodingByDefault = false;
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();
  socket.setNoDelay(true);
  socket.write("retry: 3000\n\n");
  const lastEventId = (req.headers["last-event-id"] as string | undefined) ?? null;
  const client = deps.streams.add({ res, socket, headers, address, userId, lastEventId });
  req.on("close", () => deps.streams.remove(client.id));
  for (const hook of deps.connectHooks) {
    try {
      hook(client);
    } catch (err) {
      deps.log.error({ err }, "sse: connect hook failed");
    }
  }
}
