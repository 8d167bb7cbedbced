import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openPglite, openPostgres } from "../db/client";
import { runMigrations } from "../db/migrate";
import { PG_TEMPLATE_DB, PGLITE_TEMPLATE } from "./test-db";

/** Migrates once per run; each test file then starts from a copy (see test-db.ts). */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB}`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE_DB}`;
    const database = await openPostgres(u.toString(), 2);
    await runMigrations(database);
    await database.close();
    return;
  }
  const client = await PGlite.create();
  const database = await openPglite(undefined, client);
  await runMigrations(database);
  const dump = await client.dumpDataDir("gzip");
  fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  // Written aside and renamed, so a concurrent run in the same checkout never reads half a file.
  const partial = `${PGLITE_TEMPLATE}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, PGLITE_TEMPLATE);
  await database.close();
}
