/**
 * A throwaway PostgreSQL cluster on loopback (Debian's server binaries): used by
 * `npm run test:pg` (scripts/with-postgres.ts) and by tests that must restart or wipe a server.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PgCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  dir: string;
  /** `mode` immediate is a crash as far as the data is concerned: no checkpoint, WAL replayed at start. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops and removes the cluster's folder. */
  destroy(): Promise<void>;
}

export function hasPostgresBinaries() {
  return fs.existsSync(path.join(PG_BIN, "initdb"));
}

/** Runs a server binary, as the postgres user when we are root (the server refuses to run as root). */
function commandFor(dir: string, cmd: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [cmd, args];
  execFileSync("chown", ["-R", "postgres", dir]);
  return ["runuser", ["-u", "postgres", "--", cmd, ...args]];
}

export async function startCluster(o: {
  port: number;
  options?: string;
  sync?: boolean;
}): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gulfpulse-pg-"));
  const data = path.join(dir, "data");
  const run = async (name: string, args: string[]) => {
    const [cmd, argv] = commandFor(dir, path.join(PG_BIN, name), args);
    await execFileAsync(cmd, argv);
  };
  const fsync = o.sync ? "" : "-c fsync=off";
  const options = `-c listen_addresses=127.0.0.1 -p ${o.port} -k ${dir} ${fsync} ${o.options ?? ""}`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = (mode: "fast" | "immediate" = "fast") => run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  await run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  await start();
  return {
    port: o.port,
    url: `postgres://postgres@127.0.0.1:${o.port}/postgres`,
    dir,
    start,
    stop,
    async destroy() {
      await stop("immediate").catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
