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
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `gulfpulse_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 5);
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    };
    return database;
  }
  const blob = new Blob([fs.readFileSync(PGLITE_TEMPLATE)]);
  const client = await PGlite.create({ loadDataDir: blob });
  return openPglite(undefined, client);
}

/** The URL of this test file's own database on the server (for tests that start a second process). */
export function isPostgresRun() {
  return Boolean(process.env.TEST_DATABASE_URL);
}
