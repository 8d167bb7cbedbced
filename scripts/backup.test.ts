/**
 * The backup and restore scripts, run as an operator would (npm run db:backup / db:restore):
 * back up, wipe, restore, and the data is there. PGlite always; PostgreSQL under npm run test:pg.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openPglite, openPostgres } from "#server/db/client";
import { lockDataDir } from "#server/db/data-dir-lock";
import { runMigrations } from "#server/db/migrate";
import { user } from "#server/db/schema";
import { isPostgresRun, PG_TEMPLATE_DB, PGLITE_TEMPLATE } from "#server/testing/test-db";

const root = path.resolve(__dirname, "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gulfpulse-backup-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const addUser = (database: Database, id: string) =>
  database.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
const userIds = async (database: Database) =>
  (await database.db.select({ id: user.id }).from(user)).map((u) => u.id);

describe("embedded database (PGlite data folder)", () => {
  it("backs up, refuses while the folder is in use, and restores over wiped data", async () => {
    const dataDir = path.join(tmp, "data");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    // A migrated folder from the test template (creating and migrating one costs seconds).
    let database = await openPglite(
      undefined,
      await PGlite.create(dataDir, { loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]) }),
    );
    await addUser(database, "kept");
    await database.close();

    const release = lockDataDir(dataDir);
    const refused = cli("backup", [path.join(tmp, "x.tar.gz")], env);
    release();
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("is in use by another GulfPulse process");

    const file = path.join(tmp, "backups", "embedded.tar.gz");
    const backup = cli("backup", [file], env);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`Backed up the pglite database to ${file}`);

    // Everything is wiped, and a row that was never backed up appears.
    database = await openPglite(dataDir);
    await database.db.delete(user);
    await addUser(database, "after-backup");
    await database.close();

    const restore = cli("restore", [file], env);
    expect(restore.code, restore.out).toBe(0);
    // The replaced folder is kept aside, not deleted.
    const aside = restore.out.match(/previous data folder was kept at (\S+)\./)?.[1];
    expect(aside && fs.existsSync(path.join(aside, "PG_VERSION"))).toBe(true);
    database = await openPglite(dataDir);
    expect(await userIds(database)).toEqual(["kept"]);
    await database.close();
  }, 60_000);

  it("says what is wrong with a missing backup file or argument", () => {
    expect(cli("restore", [], {}).out).toContain("Usage: npm run db:restore -- <backup file>");
    const missing = cli("restore", [path.join(tmp, "nope.dump")], {
      DATA_DIR: path.join(tmp, "d2"),
      DATABASE_URL: "",
    });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("No backup file at");
  });
});

describe.skipIf(!isPostgresRun())("PostgreSQL server", () => {
  it("backs up with pg_dump, and pg_restore brings the data back into a wiped database", async () => {
    const name = `gulfpulse_backup_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${PG_TEMPLATE_DB}`);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    const url = u.toString();
    try {
      let database = await openPostgres(url, 2);
      await addUser(database, "kept");
      await database.close();

      const file = path.join(tmp, "server.dump");
      const backup = cli("backup", [file], { DATABASE_URL: url });
      expect(backup.code, backup.out).toBe(0);

      await admin.query(`drop database ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const restore = cli("restore", [file], { DATABASE_URL: url });
      expect(restore.code, restore.out).toBe(0);

      database = await openPostgres(url, 2);
      expect(await userIds(database)).toEqual(["kept"]);
      // The migration history came back too: starting the app applies nothing twice
      // (migrations hold one connection for their lock and use another: a pool of 2 at least).
      await runMigrations(database);
      expect((await database.db.select().from(user).where(eq(user.id, "kept"))).length).toBe(1);
      await database.close();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
