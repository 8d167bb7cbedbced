import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies pending drizzle-kit migrations; safe to run at every start. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // Serialise concurrent starts of several processes on one server.
    await database.withConnection(async (q) => {
      await q("select pg_advisory_lock(7261001)");
      try {
        await migratePg(database.db as any, { migrationsFolder });
      } finally {
        await q("select pg_advisory_unlock(7261001)");
      }
    });
  }
}
