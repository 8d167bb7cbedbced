import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Database, Db } from "./client";
import * as schema from "./schema";

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
 * shrinks: once touched (a first start's history backfill touches them all) they stay resident.
 * The embedded database serves one process and its files sit in the operating system's page
 * cache, so a quarter of that is enough and saves about 100 MB of resident memory (decision 024).
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

export async function openPgliteDatabase(dataDir?: string, existing?: PGlite): Promise<Database> {
  const client = existing ?? (await PGlite.create({ dataDir, startParams: EMBEDDED_START_PARAMS }));
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
