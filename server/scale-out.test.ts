import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresRun, PG_TEMPLATE_DB } from "../testing/test-db";
import { openSse } from "./testing/sse-client";
import type { MarketWire } from "./types";

// Two real app processes on one PostgreSQL server (npm run test:pg): the job leader ticks, the
// other stands by, and a browser connected to the standby still gets every tick over SSE.
const root = path.resolve(__dirname, "../..");
const buildDir = process.env.BUILD_DIR ?? "build";
const dbName = `gulfpulse_market_mp_${process.pid}`;
const children: ChildProcess[] = [];
let url = "";

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

function startApp(port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: url,
      AUTH_SECRET: "multi-process-secret-multi-process-secret",
      BUILD_DIR: buildDir,
      JOBS_ENABLED: "true",
      SEED_ON_START: "false",
      MARKET_TICK_MS: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, exited, output: () => output };
}

async function readyz(port: number): Promise<{ jobLeader: boolean } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`);
    return res.ok ? ((await res.json()) as { jobLeader: boolean }) : null;
  } catch {
    return null;
  }
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!isPostgresRun())("market feed across two processes on PostgreSQL", () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, buildDir, "server/index.js"))) {
      execSync("npm run build", { cwd: root, stdio: "ignore", env: { ...process.env, BUILD_DIR: buildDir } });
    }
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }, 180_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    await Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.on("exit", r)) : null)),
    );
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  });

  it("delivers the leader's ticks to an SSE client of the other process, and survives a failover", async () => {
    const leader = startApp(await freePort());
    await waitFor("the first process to lead", async () => (await readyz(leader.port))?.jobLeader, 90_000);
    const standby = startApp(await freePort());
    await waitFor("the second process", () => readyz(standby.port), 90_000);
    expect((await readyz(standby.port))?.jobLeader).toBe(false);

    const client = openSse(`http://127.0.0.1:${standby.port}/api/stream`);
    try {
      // A tick (not a snapshot) with crypto in it, produced by the leader after the client connected.
      const connectedAt = Date.now();
      const tick = await client.next(
        (e) =>
          e.event === "market" &&
          !e.data.full &&
          (e.data as MarketWire).t > connectedAt - 1_000 &&
          e.data.q.some((q: unknown[]) => q[0] === "BTC"),
        60_000,
      );
      expect(tick.id).toBe(String(tick.data.t));
      expect(tick.data.ok).toBe(true);
      // The standby's own snapshot took the tick too: a new tab gets it on connect.
      const late = openSse(`http://127.0.0.1:${standby.port}/api/stream`);
      const snapshot = (await late.next((e) => e.event === "market")).data as MarketWire;
      late.close();
      expect(snapshot.full).toBe(true);
      expect(snapshot.t).toBeGreaterThanOrEqual(tick.data.t);
      // Which instruments have quotes depends on the exchanges open at run time; BTC always trades.
      expect(snapshot.q.some((q: unknown[]) => q[0] === "BTC")).toBe(true);
      expect((await readyz(standby.port))?.jobLeader).toBe(false);

      // The leader stops: the standby takes the lock and keeps the ticks coming.
      leader.child.kill("SIGTERM");
      expect(await leader.exited).toBe(0);
      const stoppedAt = Date.now();
      await waitFor("the standby to lead", async () => (await readyz(standby.port))?.jobLeader, 30_000);
      await client.next(
        (e) => e.event === "market" && !e.data.full && (e.data as MarketWire).t > stoppedAt,
        30_000,
      );
    } finally {
      client.close();
    }
  }, 240_000);
});
