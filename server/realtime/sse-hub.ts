import type { Express } from "express";
import type { SseEventName, SseEvents } from "#common/sse-events";
import type { Logger } from "../logger";
import { DEFAULT_STREAM_LIMITS, type StreamLimits, streamCounter } from "./sse-limits";
import { openStream } from "./sse-open";
import { createSseStreams, frame, type SseClient } from "./sse-streams";

export { DEFAULT_STREAM_LIMITS, type StreamLimits, TOO_MANY_STREAMS_MESSAGE } from "./sse-limits";
export type { SseClient } from "./sse-streams";

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

/**
 * Server-Sent Events for every browser tab: one stream carries market ticks (broadcast) and the
 * user's own notifications. Written directly on the Node response (no compression, no buffering).
 * The parts: the open streams and their writes (./sse-streams.ts), the per-address and per-account
 * limits (./sse-limits.ts) and opening one stream (./sse-open.ts).
 */
export function createSseHub(opts: {
  log: Logger;
  resolveUserId: (headers: Headers) => Promise<string | null>;
  /** SSE_MAX_STREAMS_PER_ADDRESS / _PER_USER: open streams one address or account may hold here. */
  limits?: StreamLimits;
}): SseHub {
  const limits = opts.limits ?? DEFAULT_STREAM_LIMITS;
  const counter = streamCounter(limits);
  const streams = createSseStreams((address) => counter.release(address));
  const connectHooks: Array<(c: SseClient) => void> = [];
  const deps = { log: opts.log, resolveUserId: opts.resolveUserId, limits, counter, streams, connectHooks };

  return {
    mount(app) {
      app.get("/api/stream", (req, res) => openStream(deps, req, res));
    },
    broadcast(event, data, id) {
      // Encoded once: a tick goes to thousands of streams, and encoding per write would dominate.
      streams.writeAll(Buffer.from(frame(event, data, id)));
    },
    sendToUser(userId, event, data) {
      if (streams.countOf(userId) === 0) return;
      streams.writeToUser(userId, frame(event, data));
    },
    async recheckUser(userId) {
      for (const id of streams.idsOf(userId)) {
        const entry = streams.get(id);
        if (!entry) continue;
        const now = await opts.resolveUserId(entry.headers).catch(() => null);
        if (now === entry.client.userId) continue;
        streams.remove(id);
        entry.res.end();
      }
    },
    onConnect(fn) {
      connectHooks.push(fn);
    },
    clientCount: () => streams.size(),
    closeAll() {
      streams.closeAll();
      counter.clear();
    },
  };
}
