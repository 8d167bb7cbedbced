/**
 * Backups and restores: `pg_dump`'s custom format for a PostgreSQL server, a gzipped
 * copy of the data folder (PGlite's own dump) for the embedded database. Used by
 * scripts/backup.ts and scripts/restore.ts; see docs/operations.md.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { Config } from "../config";
import { lockDataDir } from "./data-dir-lock";

const execFileAsync = promisify(execFile);

/** A PostgreSQL client tool: from PG_BIN, else Debian's server folder, else the PATH. */
function pgTool(name: string) {
  const dir = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
  const candidate = path.join(dir, name);
  return fs.existsSync(candidate) ? candidate : name;
}

export interface BackupResult {
  kind: "postgres" | "pglite";
  file: string;
  bytes: number;
}

export function defaultBackupFile(config: Config, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return path.resolve("backups", `gulfpulse-${stamp}.${config.DATABASE_URL ? "dump" : "tar.gz"}`);
}

async function run(tool: string, args: string[]) {
  try {
    await execFileAsync(pgTool(tool), args, { maxBuffer: 16 << 20 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${tool} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** Writes a consistent snapshot of the database to `file`. The app may keep running on a server. */
export async function backupDatabase(config: Config, file: string): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (config.DATABASE_URL) {
    // pg_dump reads in one repeatable-read transaction: a consistent copy while the site runs.
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      `--file=${file}`,
      `--dbname=${config.DATABASE_URL}`,
    ]);
    return { kind: "postgres", file, bytes: fs.statSync(file).size };
  }
  // PGlite allows one process per folder: this refuses (and says so) while the app runs.
  const release = lockDataDir(config.dataDir);
  try {
    if (!fs.existsSync(path.join(config.dataDir, "PG_VERSION"))) {
      throw new Error(`No database in ${config.dataDir}: nothing to back up.`);
    }
    const db = await PGlite.create(config.dataDir);
    try {
      const dump = await db.dumpDataDir("gzip");
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
  return { kind: "pglite", file, bytes: fs.statSync(file).size };
}

/**
 * Replaces the database's contents with the backup's. On a server the objects the dump holds are
 * dropped and re-created (stop the app first); an embedded data folder is moved aside to
 * `<folder>.before-restore-<time>` rather than deleted.
 */
export async function restoreDatabase(
  config: Config,
  file: string,
): Promise<{ kind: string; movedAside?: string }> {
  if (!fs.existsSync(file)) throw new Error(`No backup file at ${file}.`);
  if (config.DATABASE_URL) {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--exit-on-error",
      `--dbname=${config.DATABASE_URL}`,
      file,
    ]);
    return { kind: "postgres" };
  }
  const release = lockDataDir(config.dataDir);
  try {
    let movedAside: string | undefined;
    if (fs.existsSync(config.dataDir) && fs.readdirSync(config.dataDir).length > 0) {
      movedAside = `${config.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(config.dataDir, movedAside);
    }
    fs.mkdirSync(path.dirname(config.dataDir), { recursive: true });
    const db = await PGlite.create(config.dataDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    await db.query("select 1");
    await db.close();
    return { kind: "pglite", movedAside };
  } finally {
    release();
  }
}
