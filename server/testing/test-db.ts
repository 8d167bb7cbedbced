import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../db/client";

export const PGLITE_TEMPLATE = path.resolve(".tmp/test-template.tar.gz");
export const PG_TEMPLATE_DB = "gulfpulse_test_template";

/**
 * A fresh, migrated database for one test file: a PGlite copy of the template, or, when
 * TEST_DATABASE_URL is set (npm run test:pg), a new database on a real PostgreSQL server.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await createPostgresTestDatabase();
    const database = await openPostgres(url, 5);
    const close = database.close;
    database.close = async () => {
      await close();
      await drop();
    };
    return database;
  }
  const blob = new Blob([fs.readFileSync(PGLITE_TEMPLATE)]);
  const client = await PGlite.create({ loadDataDir: blob });
  return openPglite(undefined, client);
}

/** Whether this run is on a real PostgreSQL server (npm run test:pg), not PGlite. */
export function isPostgresRun() {
  return Boolean(process.env.TEST_DATABASE_URL);
}

/**
 * A new database on the test server (TEST_DATABASE_URL), copied from the migrated template: its
 * URL, for a test that opens it from several instances or processes, and `drop()` for afterAll.
 */
export async function createPostgresTestDatabase(
  prefix = "gulfpulse_test",
): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error("this test needs PostgreSQL: run it with npm run test:pg");
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await runOnServer(server, `create database ${name} template ${PG_TEMPLATE_DB}`);
  const u = new URL(server);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: () => runOnServer(server, `drop database if exists ${name} with (force)`).catch(() => {}),
  };
}

async function runOnServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
