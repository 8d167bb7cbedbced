import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

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

/**
 * The embedded database in dataDir (in memory without one), or on an existing PGlite (tests clone
 * a migrated one). Each driver is imported only when opened: a process on PostgreSQL never loads
 * PGlite, one on PGlite never loads pg.
 */
export async function openPglite(dataDir?: string, existing?: PGlite): Promise<Database> {
  const { openPgliteDatabase } = await import("./pglite-database");
  return openPgliteDatabase(dataDir, existing);
}

/** A PostgreSQL server: a pool of poolSize connections plus one for LISTEN. */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { openPostgresDatabase } = await import("./postgres-database");
  return openPostgresDatabase(url, poolSize);
}
