import pg from "pg";
import type { Listener } from "./client";

const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 1_000;

const quoteChannel = (channel: string) => `"${channel.replace(/"/g, "")}"`;

/**
 * A new connection that listens to every channel given and hands each notification to `deliver`;
 * `onLost` hears when it ends or fails. A connection that fails while opening is ended.
 */
async function connectListening(
  url: string,
  channels: Iterable<string>,
  deliver: (channel: string, payload: string) => void,
  onLost: (c: pg.Client) => void,
) {
  const c = new pg.Client({ connectionString: url, keepAlive: true });
  c.on("error", () => onLost(c));
  c.on("end", () => onLost(c));
  c.on("notification", (msg) => deliver(msg.channel, msg.payload ?? ""));
  try {
    await c.connect();
    for (const channel of channels) await c.query(`LISTEN ${quoteChannel(channel)}`);
  } catch (err) {
    c.end().catch(() => {});
    throw err;
  }
  return c;
}

/**
 * Runs `attempt` after a pause that doubles from 100 ms to 1 s after each failure, again until it
 * succeeds, while `wanted()` holds; `reset` after a success starts the pause short again.
 */
function reconnecting(attempt: () => Promise<unknown>, wanted: () => boolean) {
  let timer: NodeJS.Timeout | undefined;
  let pauseMs = RECONNECT_MIN_MS;
  function schedule() {
    if (!wanted() || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      attempt().catch(() => {
        pauseMs = Math.min(pauseMs * 2, RECONNECT_MAX_MS);
        schedule();
      });
    }, pauseMs);
    timer.unref?.();
  }
  return {
    schedule,
    reset: () => {
      pauseMs = RECONNECT_MIN_MS;
    },
    stop: () => clearTimeout(timer),
  };
}

/**
 * LISTEN needs one long-lived connection. When the server drops it (restart, failover) a new one
 * is opened with backoff and every channel is listened to again, so subscribers keep receiving
 * without knowing (notifications sent while it was down are lost: NOTIFY is not a queue).
 */
export function createListenConnection(url: string) {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let dropped = false;
  const reconnectHooks: Array<() => void> = [];
  const deliver = (channel: string, payload: string) => {
    for (const fn of listeners.get(channel) ?? []) fn(payload);
  };

  function lost(c: pg.Client) {
    if (client !== c) return;
    client = undefined;
    dropped = true;
    c.end().catch(() => {});
    retry.schedule();
  }

  async function open(): Promise<pg.Client> {
    const c = await connectListening(url, listeners.keys(), deliver, lost);
    if (closed) {
      await c.end().catch(() => {});
      throw new Error("database closed");
    }
    client = c;
    retry.reset();
    if (dropped) {
      dropped = false;
      for (const fn of reconnectHooks) fn();
    }
    return c;
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  const retry = reconnecting(connection, () => !closed && listeners.size > 0);

  return {
    async listen(channel: string, fn: Listener) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const c = await connection();
        // A fresh connection already listens to every known channel, this one included.
        await c.query(`LISTEN ${quoteChannel(channel)}`);
      }
      set.add(fn);
      return async () => {
        set.delete(fn);
      };
    },
    onReconnect(fn: () => void) {
      reconnectHooks.push(fn);
    },
    async close() {
      closed = true;
      retry.stop();
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
