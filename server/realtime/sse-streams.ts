import type { Socket } from "node:net";
import type { Response } from "express";
import type { SseEventName, SseEvents } from "#common/sse-events";

export interface SseClient {
  id: number;
  userId: string | null;
  /** The Last-Event-ID the browser sent when reconnecting, if any. */
  lastEventId: string | null;
  send<E extends SseEventName>(event: E, data: SseEvents[E], id?: string): void;
}

export interface OpenStream {
  res: Response;
  socket: Socket;
  /** The request's headers, to ask again whose session it carries. */
  headers: Headers;
  address: string;
  userId: string | null;
  lastEventId: string | null;
}

interface Entry extends OpenStream {
  client: SseClient;
}

const HEARTBEAT_MS = 25_000;
/** A client this far behind is dropped; its browser reconnects and gets a fresh snapshot. */
const MAX_BUFFERED_BYTES = 1 << 20;

const PING = Buffer.from(": ping\n\n");

export function frame(event: SseEventName, data: unknown, id?: string) {
  return `${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Stream ids by the user they belong to. */
function userIndex() {
  const byUser = new Map<string, Set<number>>();
  return {
    add(userId: string, id: number) {
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(id);
    },
    delete(userId: string, id: number) {
      const set = byUser.get(userId);
      set?.delete(id);
      if (set?.size === 0) byUser.delete(userId);
    },
    /** The streams of one user; null: of every signed-in user. */
    idsOf(userId: string | null) {
      return userId === null
        ? [...byUser.values()].flatMap((set) => [...set])
        : [...(byUser.get(userId) ?? [])];
    },
    countOf: (userId: string) => byUser.get(userId)?.size ?? 0,
    clear: () => byUser.clear(),
  };
}

export type SseStreams = ReturnType<typeof createSseStreams>;

/**
 * The open streams, by id and by user, written straight to their sockets; a heartbeat keeps them
 * open while there is any. `onRemove` hears of every stream that goes, with its address.
 */
export function createSseStreams(onRemove: (address: string) => void) {
  let nextId = 1;
  const clients = new Map<number, Entry>();
  const byUser = userIndex();
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

  function add(stream: OpenStream): SseClient {
    const id = nextId++;
    const client: SseClient = {
      id,
      userId: stream.userId,
      lastEventId: stream.lastEventId,
      send: (event, data, eventId) => write(id, frame(event, data, eventId)),
    };
    clients.set(id, { ...stream, client });
    if (stream.userId) byUser.add(stream.userId, id);
    heartbeat ??= setInterval(() => {
      for (const cid of clients.keys()) write(cid, PING);
    }, HEARTBEAT_MS);
    return client;
  }

  function remove(id: number) {
    const entry = clients.get(id);
    if (!entry) return;
    clients.delete(id);
    onRemove(entry.address);
    if (entry.client.userId) byUser.delete(entry.client.userId, id);
    if (clients.size === 0) stopHeartbeat();
  }

  function stopHeartbeat() {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  return {
    add,
    remove,
    get: (id: number) => clients.get(id),
    /** Writes one chunk to every open stream. */
    writeAll(chunk: string | Buffer) {
      for (const cid of clients.keys()) write(cid, chunk);
    },
    /** Writes one chunk to every open stream of the user. */
    writeToUser(userId: string, chunk: string | Buffer) {
      for (const cid of byUser.idsOf(userId)) write(cid, chunk);
    },
    idsOf: byUser.idsOf,
    countOf: byUser.countOf,
    size: () => clients.size,
    closeAll() {
      for (const { res } of clients.values()) res.end();
      clients.clear();
      byUser.clear();
      stopHeartbeat();
    },
  };
}
