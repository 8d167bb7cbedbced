import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "#scripts/build-server";
import { PRODUCTION_NODE_FLAGS, serverEntry } from "#scripts/production-node-flags";

// Runs the real server process (production build) to check the data-folder lock and shutdown.
const root = path.resolve(__dirname, "..");
const buildDir = process.env.BUILD_DIR ?? "build";
// The server compiled as `npm run build` compiles it, from the sources as they are now (a build
// folder may be older), and started as production starts it: plain node, no loader.
const compiledDir = path.join(root, ".tmp", `process-test-${process.pid}`);
const compiledEntry = serverEntry(compiledDir);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gulfpulse-proc-"));
const children: ChildProcess[] = [];

/** Starts the server on a free port (PORT=0); `port()` resolves once it printed where it listens. */
function startServer() {
  const port = 0;
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, compiledEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: path.join(dataDir, "db"),
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      SEED_ON_START: "false",
      MARKET_TICK_MS: "60000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = new Promise<number>((resolve, reject) => {
    const onData = () => {
      const m = output.match(/running at http:\/\/localhost:(\d+)/);
      if (m) resolve(Number(m[1]));
    };
    child.stdout!.on("data", onData);
    child.on("exit", () => reject(new Error(`server exited: ${output}`)));
  });
  return { child, exited, output: () => output, listening };
}

async function waitReady(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become ready");
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(root, buildDir, "server/index.js")))
    execSync("npm run build", { cwd: root, stdio: "ignore" });
  await buildServer(compiledDir);
}, 120_000);

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(compiledDir, { recursive: true, force: true });
});

describe("server process", () => {
  it("refuses a data folder locked by another process, and exits within 5 s on SIGTERM", async () => {
    const first = startServer();
    const port = await first.listening;
    await waitReady(port);

    const second = startServer();
    second.listening.catch(() => {});
    const code = await second.exited;
    expect(code).toBe(75);
    expect(second.output()).toContain("is in use by another GulfPulse process");

    // The first is unaffected.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    const started = Date.now();
    first.child.kill("SIGTERM");
    const firstCode = await first.exited;
    expect(firstCode, first.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(first.output()).toContain("stopped cleanly");
    // A normal stop is not an error: jobs aborted because we stop are not failures.
    const severe = first
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 50);
    expect(severe).toEqual([]);
    expect(fs.existsSync(`${path.join(dataDir, "db")}.lock`)).toBe(false);

    // The database was closed cleanly: it reopens and holds the migrated schema.
    const db = await PGlite.create(path.join(dataDir, "db"));
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from user_roles");
    expect(rows[0]!.n).toBe(0);
    await db.close();
  }, 120_000);

  it("a SIGTERM while the jobs run (the market tick starts with leadership) logs nothing at error level", async () => {
    const server = startServer();
    await server.listening;
    await expect
      .poll(() => server.output().includes("this process is the leader"), { timeout: 60_000 })
      .toBe(true);
    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toBe(0);
    const severe = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 50);
    expect(severe, server.output()).toEqual([]);
    expect(server.output()).toContain("stopped cleanly");
  }, 120_000);
});
