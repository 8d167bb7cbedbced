import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { AdvisoryLock, Database, Db, Listener } from "./client";
import * as schema from "./schema";

/** How often the leader checks that the connection holding its lock is alive. */
const LOCK_CHECK_MS = 2_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 1_000;

export async function openPostgresDatabase(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const query: Database["query"] = async (text, params) => (await pool.query(text, params as any[])).rows;
  const listener = createListenConnection(url);
  return {
    kind: "postgres",
    db,
    query,
    listen: listener.listen,
    onListenReconnect: listener.onReconnect,
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async withConnection(fn) {
      const c = await pool.connect();
      try {
        return await fn(async (text, params) => (await c.query(text, params as any[])).rows);
      } finally {
        c.release();
      }
    },
    tryAdvisoryLock: (key) => tryAdvisoryLock(url, key),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

const quoteChannel = (channel: string) => `"${channel.replace(/"/g, "")}"`;

/**
 * LISTEN needs one long-lived connection. When the server drops it (restart, failover) a new one
 * is opened with backoff and every channel is listened to again, so subscribers keep receiving
 * without knowing (notifications sent while it was down are lost: NOTIFY is not a queue).
 */
function createListenConnection(url: string) {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_MIN_MS;
  let closed = false;
  let dropped = false;
  const reconnectHooks: Array<() => void> = [];

  async function open(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      dropped = true;
      c.end().catch(() => {});
      scheduleReconnect();
    };
    c.on("error", lost);
    c.on("end", lost);
    c.on("notification", (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    try {
      await c.connect();
      for (const channel of listeners.keys()) await c.query(`LISTEN ${quoteChannel(channel)}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      throw new Error("database closed");
    }
    client = c;
    retryMs = RECONNECT_MIN_MS;
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

  function scheduleReconnect() {
    if (closed || retryTimer || listeners.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connection().catch(() => {
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref?.();
  }

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
      clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * A session-level advisory lock lives as long as its connection. The holder is told through
 * `lost` when that connection ends or stops answering, so it stands down instead of carrying on
 * beside a process that took the lock meanwhile.
 */
async function tryAdvisoryLock(url: string, key: number): Promise<AdvisoryLock> {
  const c = new pg.Client({ connectionString: url, keepAlive: true });
  c.on("error", () => {});
  await c.connect();
  const { rows } = await c.query("select pg_try_advisory_lock($1) as held", [key]);
  if (!rows[0]?.held) {
    await c.end().catch(() => {});
    return { held: false, release: async () => {}, lost: new Promise(() => {}) };
  }
  let released = false;
  let signalLost!: () => void;
  const lost = new Promise<void>((resolve) => (signalLost = resolve));
  const drop = () => {
    clearInterval(check);
    if (!released) c.end().catch(() => {});
    signalLost();
  };
  c.on("error", drop);
  c.on("end", drop);
  const check = setInterval(() => {
    const timeout = setTimeout(drop, LOCK_CHECK_MS);
    c.query("select 1").then(
      () => clearTimeout(timeout),
      () => {
        clearTimeout(timeout);
        drop();
      },
    );
  }, LOCK_CHECK_MS);
  check.unref?.();
  return {
    held: true,
    lost,
    async release() {
      released = true;
      clearInterval(check);
      await c.end().catch(() => {});
    },
  };
}
