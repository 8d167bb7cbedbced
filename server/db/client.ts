import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: code is written once against PostgreSQL semantics. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Listener = (payload: string) => void;

export interface AdvisoryLock {
  held: boolean;
  release(): Promise<void>;
  /** Settles when a held lock is gone without release() (its connection ended or hung). */
  lost: Promise<void>;
}

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Raw SQL for the few places Drizzle has no builder (advisory locks, NOTIFY). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  listen(channel: string, fn: Listener): Promise<() => Promise<void>>;
  /** Runs fn each time a dropped LISTEN connection is back (notifications in between were lost). */
  onListenReconnect(fn: () => void): void;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs fn on one dedicated connection (needed for session-scoped advisory locks). */
  withConnection<T>(fn: (q: Database["query"]) => Promise<T>): Promise<T>;
  /** Takes a session-level advisory lock on a dedicated connection, if free. */
  tryAdvisoryLock(key: number): Promise<AdvisoryLock>;
  close(): Promise<void>;
}

export async function openPglite(dataDir?: string, existing?: PGlite): Promise<Database> {
  const client = existing ?? (dataDir ? await PGlite.create(dataDir) : await PGlite.create());
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const query: Database["query"] = async (text, params) => (await client.query<any>(text, params)).rows;
  let closed = false;
  return {
    kind: "pglite",
    db,
    query,
    async listen(channel, fn) {
      const unsub = await client.listen(channel, fn);
      return async () => {
        if (!closed) await unsub();
      };
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    // In-process: the listening connection never drops.
    onListenReconnect: () => {},
    // PGlite is a single connection already.
    withConnection: (fn) => fn(query),
    // The data-folder lock already makes this the only process: it is always the leader.
    tryAdvisoryLock: async () => ({ held: true, release: async () => {}, lost: new Promise(() => {}) }),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** How often the leader checks that the connection holding its lock is alive. */
const LOCK_CHECK_MS = 2_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 1_000;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
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
