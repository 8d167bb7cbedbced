import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: code is written once against PostgreSQL semantics. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Listener = (payload: string) => void;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Raw SQL for the few places Drizzle has no builder (advisory locks, NOTIFY). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  listen(channel: string, fn: Listener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs fn on one dedicated connection (needed for session-scoped advisory locks). */
  withConnection<T>(fn: (q: Database["query"]) => Promise<T>): Promise<T>;
  /** Takes a session-level advisory lock on a dedicated connection, if free. */
  tryAdvisoryLock(key: number): Promise<{ held: boolean; release(): Promise<void> }>;
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
    // PGlite is a single connection already.
    withConnection: (fn) => fn(query),
    // The data-folder lock already makes this the only process: it is always the leader.
    tryAdvisoryLock: async () => ({ held: true, release: async () => {} }),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const query: Database["query"] = async (text, params) => (await pool.query(text, params as any[])).rows;
  // LISTEN needs its own long-lived connection; it is opened on first use.
  let listenClient: pg.Client | undefined;
  const listeners = new Map<string, Set<Listener>>();
  async function listenConnection() {
    if (listenClient) return listenClient;
    const c = new pg.Client({ connectionString: url });
    c.on("error", () => {
      // The server dropped the LISTEN connection: open a new one on the next listen().
      if (listenClient === c) listenClient = undefined;
    });
    await c.connect();
    c.on("notification", (msg) => {
      for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? "");
    });
    listenClient = c;
    return c;
  }
  return {
    kind: "postgres",
    db,
    query,
    async listen(channel, fn) {
      const c = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await c.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      }
      set.add(fn);
      return async () => {
        set.delete(fn);
      };
    },
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
    async tryAdvisoryLock(key) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query("select pg_try_advisory_lock($1) as held", [key]);
      if (!rows[0]?.held) {
        await c.end();
        return { held: false, release: async () => {} };
      }
      // If the connection drops, the lock is gone too; the holder must notice and stand down.
      c.on("error", () => {});
      return { held: true, release: () => c.end().catch(() => {}) };
    },
    async close() {
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}
