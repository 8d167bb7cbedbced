/**
 * Runs a command against a throwaway PostgreSQL server on loopback (npm run test:pg):
 * initdb into a temp folder, start, export TEST_DATABASE_URL, run, stop.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const bin = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const port = Number(process.env.PG_PORT ?? 54329);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gulfpulse-pg-"));
const data = path.join(dir, "data");
const asPostgres = process.getuid?.() === 0;

function run(cmd: string, args: string[]) {
  if (asPostgres) {
    execFileSync("chown", ["-R", "postgres", dir]);
    execFileSync("runuser", ["-u", "postgres", "--", cmd, ...args], { stdio: "inherit" });
  } else {
    execFileSync(cmd, args, { stdio: "inherit" });
  }
}

run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
run(path.join(bin, "pg_ctl"), [
  "-D",
  data,
  "-o",
  `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=300`,
  "-l",
  path.join(dir, "log"),
  "-w",
  "start",
]);
const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd!, args, {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
  shell: true,
});
child.on("exit", (code) => {
  try {
    run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exit(code ?? 1);
});
