import type { Socket } from "node:net";
import type { Express, Response } from "express";
import type { SseEventName, SseEvents } from "#common/sse-events";
import { clientAddress } from "../http/client-address";
import type { Logger } from "../logger";

export interface SseClient {
  id: number;
  userId: string | null;
  /** The Last-Event-ID the browser sent when reconnecting, if any. */
  lastEventId: string | null;
  send<E extends SseEventName>(event: E, data: SseEvents[E], id?: string): void;
}

export interface SseHub {
  /** Mounts GET /api/stream. */
  mount(app: Express): void;
  /** One serialisation, written to every open stream. Events and payloads: common/sse-events.ts. */
  broadcast<E extends SseEventName>(event: E, data: SseEvents[E], id?: string): void;
  /** To every open tab of one user. */
  sendToUser<E extends SseEventName>(userId: string, event: E, data: SseEvents[E]): void;
  /**
   * Asks again who each of the user's streams (null: every signed-in stream) belongs to, after
   * their sessions or account changed, and ends the streams whose session is gone; the browser
   * reconnects as who it now is.
   */
  recheckUser(userId: string | null): Promise<void>;
  /** Runs for each new stream, before any broadcast reaches it (e.g. to send a snapshot). */
  onConnect(fn: (client: SseClient) => void): void;
  clientCount(): number;
  closeAll(): void;
}

export interface StreamLimits {
  perAddress: number;
  perUser: number;
}

/** The defaults of SSE_MAX_STREAMS_PER_ADDRESS and SSE_MAX_STREAMS_PER_USER (server/config.ts). */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perAddress: 20, perUser: 10 };

export const TOO_MANY_STREAMS_MESSAGE =
  "Too many open live-update connections from this address or account. Close some tabs and try again.";

/**
 * Each stream holds a socket and gets every tick, so one address or account cannot open any
 * number of them: beyond the limit the answer is 429 (an EventSource then stops retrying).
 */
function tooMany(res: Response) {
  res.status(429).setHeader("Retry-After", "30");
  res.setHeader("Cache-Control", "no-store");
  res.json({ error: TOO_MANY_STREAMS_MESSAGE });
}

/** Open streams per client address, with their limit. */
function streamCounter(limits: StreamLimits) {
  const open = new Map<string, number>();
  return {
    take(address: string) {
      const n = open.get(address) ?? 0;
      if (n >= limits.perAddress) return false;
      open.set(address, n + 1);
      return true;
    },
    release(address: string) {
      const n = (open.get(address) ?? 1) - 1;
      if (n > 0) open.set(address, n);
      else open.delete(address);
    },
    clear: () => open.clear(),
  };
}

const HEARTBEAT_MS = 25_000;
/** A client this far behind is dropped; its browser reconnects and gets a fresh snapshot. */
const MAX_BUFFERED_BYTES = 1 << 20;

const PING = Buffer.from(": ping\n\n");

function frame(event: SseEventName, data: unknown, id?: string) {
  return `${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Server-Sent Events for every browser tab: one stream carries market ticks (broadcast) and the
 * user's own notifications. Written directly on the Node response (no compression, no buffering).
 */
export function createSseHub(opts: {
  log: Logger;
  resolveUserId: (headers: Headers) => Promise<string | null>;
  /** SSE_MAX_STREAMS_PER_ADDRESS / _PER_USER: open streams one address or account may hold here. */
  limits?: StreamLimits;
}): SseHub {
  const limits = opts.limits ?? DEFAULT_STREAM_LIMITS;
  let nextId = 1;
  const clients = new Map<
    number,
    { res: Response; socket: Socket; headers: Headers; address: string; client: SseClient }
  >();
  const byUser = new Map<string, Set<number>>();
  const streams = streamCounter(limits);
  const connectHooks: Array<(c: SseClient) => void> = [];
  let heartbeat: NodeJS.Timeout | undefined;

  function write(id: number, chunk: string | Buffer) {
    const entry = clients.get(id);
    if (!entry) return;
    if (entry.socket.writableLength > MAX_BUFFERED_BYTES) {
      entry.socket.destroy();
      return;
    }
    entry.socket.write(chunk);
  }

  function remove(id: number) {
    const entry = clients.get(id);
    if (!entry) return;
    clients.delete(id);
    streams.release(entry.address);
    const uid = entry.client.userId;
    if (uid) {
      const set = byUser.get(uid);
      set?.delete(id);
      if (set?.size === 0) byUser.delete(uid);
    }
    if (clients.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  return {
    mount(app) {
      app.get("/api/stream", async (req, res) => {
        // The one client address of the request (TRUST_PROXY decides whose X-Forwarded-For counts).
        const address = clientAddress(req);
        // Taken before the session lookup, so a burst of connections cannot all pass the count.
        if (!streams.take(address)) return tooMany(res);
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        let userId: string | null = null;
        try {
          userId = await opts.resolveUserId(headers);
        } catch (err) {
          opts.log.warn({ err }, "sse: session lookup failed; streaming anonymously");
        }
        const socket = res.socket;
        if (!socket || (userId && (byUser.get(userId)?.size ?? 0) >= limits.perUser)) {
          streams.release(address);
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
        const id = nextId++;
        const client: SseClient = {
          id,
          userId,
          lastEventId: (req.headers["last-event-id"] as string | undefined) ?? null,
          send: (event, data, eventId) => write(id, frame(event, data, eventId)),
        };
        clients.set(id, { res, socket, headers, address, client });
        if (userId) {
          let set = byUser.get(userId);
          if (!set) {
            set = new Set();
            byUser.set(userId, set);
          }
          set.add(id);
        }
        heartbeat ??= setInterval(() => {
          for (const cid of clients.keys()) write(cid, PING);
        }, HEARTBEAT_MS);
        req.on("close", () => remove(id));
        for (const hook of connectHooks) {
          try {
            hook(client);
          } catch (err) {
            opts.log.error({ err }, "sse: connect hook failed");
          }
        }
      });
    },
    broadcast(event, data, id) {
      // Encoded once: a tick goes to thousands of streams, and encoding per write would dominate.
      const chunk = Buffer.from(frame(event, data, id));
      for (const cid of clients.keys()) write(cid, chunk);
    },
    sendToUser(userId, event, data) {
      const ids = byUser.get(userId);
      if (!ids) return;
      const chunk = frame(event, data);
      for (const cid of ids) write(cid, chunk);
    },
    async recheckUser(userId) {
      const ids =
        userId === null ? [...byUser.values()].flatMap((set) => [...set]) : [...(byUser.get(userId) ?? [])];
      for (const id of ids) {
        const entry = clients.get(id);
        if (!entry) continue;
        const now = await opts.resolveUserId(entry.headers).catch(() => null);
        if (now === entry.client.userId) continue;
        remove(id);
        entry.res.end();
      }
    },
    onConnect(fn) {
      connectHooks.push(fn);
    },
    clientCount: () => clients.size,
    closeAll() {
      for (const { res } of clients.values()) res.end();
      clients.clear();
      byUser.clear();
      streams.clear();
      clearInterval(heartbeat);
      heartbeat = undefined;
    },
  };
}
