import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { AdvisoryLock, Database, Db } from "./client";
import { createListenConnection } from "./listen-connection";
import * as schema from "./schema";

/** How often the leader checks that the connection holding its lock is alive. */
const LOCK_CHECK_MS = 2_000;

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
