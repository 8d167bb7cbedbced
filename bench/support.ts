/**
 * Helpers the benchmarks share: they run servers and load generators as child processes that
 * report over IPC.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PRODUCTION_NODE_FLAGS, serverEntry } from "#scripts/production-node-flags";

export const root = path.resolve(import.meta.dirname, "..");

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The next IPC message of a type from a child, or an error after the timeout. */
export const nextMessage = <T>(child: ChildProcess, type: string, timeoutMs = 300_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} message`)), timeoutMs);
    const on = (m: any) => {
      if (m?.type !== type) return;
      child.off("message", on);
      clearTimeout(timer);
      resolve(m as T);
    };
    child.on("message", on);
  });

/** A loopback port nobody listens on right now. */
export async function freePort() {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** Polls a URL until it answers 2xx (a server finishing its start). */
export async function waitHttp(url: string, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/**
 * A Node child running `nodeArgs` through a shell that first raises its file descriptor limit
 * (thousands of sockets). `exec` keeps the child's pid the node process's, for rssOf.
 */
export function spawnProcess(
  nodeArgs: string[],
  env: Record<string, string> = {},
  stdout: "inherit" | "ignore" | "pipe" = "inherit",
): ChildProcess {
  const cmd = [process.execPath, ...nodeArgs].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  return spawn("bash", ["-c", `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec ${cmd}`], {
    cwd: root,
    // Benchmarks measure this machine, not a market data source or the calendar feed: the simulator
    // and the shipped calendar schedule unless asked.
    env: { ...process.env, MARKET_PROVIDER: "simulator", CALENDAR_SOURCE: "schedule", ...env },
    stdio: ["ignore", stdout, "inherit", "ipc"],
  });
}

/** A Node child running a TypeScript file (a benchmark's own roles) through the tsx loader. */
export const spawnNode = (
  args: string[],
  env: Record<string, string> = {},
  stdout: "inherit" | "ignore" | "pipe" = "inherit",
) => spawnProcess(["--import", "tsx", ...args], env, stdout);

export { serverEntry };

/**
 * The production server from buildDir, as `npm run serve` starts it (plain node on the compiled
 * server, no TypeScript loader), so the memory and latency benchmarks measure what production runs.
 */
export const spawnServer = (
  buildDir: string,
  env: Record<string, string> = {},
  stdout: "inherit" | "ignore" | "pipe" = "inherit",
  nodeArgs: string[] = [],
) =>
  spawnProcess(
    [...PRODUCTION_NODE_FLAGS, ...nodeArgs, serverEntry(buildDir)],
    { BUILD_DIR: buildDir, ...env },
    stdout,
  );

/** Polls the market API until its last refresh is fresh: the leader's market tick is running. */
export async function waitTicking(port: number, tickMs: number) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}/api/market`).catch(() => null);
    if (res?.ok) {
      const b = (await res.json()) as { lastRefresh: string; crypto: unknown[] };
      if (b.crypto.length && Date.now() - Date.parse(b.lastRefresh) < 3 * tickMs) return;
    }
    await sleep(500);
  }
  throw new Error("the app never started ticking");
}

/** Node arguments that preload bench/memory-probe.mjs: the process can then report its memory. */
export const MEMORY_PROBE_ARGS = ["--expose-gc", "--import", "./bench/memory-probe.mjs"];

export type MemoryReport = {
  /** The RSS before the probe's memory-reducing collection. */
  rssBeforeGc: number;
  usage: NodeJS.MemoryUsage;
  heapSpaces: { name: string; size: number; used: number }[];
  modules: { total: number; byPackage: { name: string; modules: number; bytes: number }[] };
};

/**
 * A child started with MEMORY_PROBE_ARGS collects its garbage and reports its memory split; its
 * RSS (from /proc) is read right after, so both describe the same moment.
 */
export async function memoryReport(child: ChildProcess) {
  child.send({ type: "memory-report" });
  const report = await nextMessage<MemoryReport>(child, "memory-report");
  return { ...rssOf(child.pid!), report };
}

/**
 * Resolves true once a server (stdout piped, LOG_LEVEL info or lower) logs that its first start's
 * market history backfill is written (the largest burst of work after a start), false if it has
 * not within timeoutMs (a restart has nothing to backfill).
 */
export function historyBackfilled(child: ChildProcess, timeoutMs = 180_000) {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), timeoutMs);
    const onData = (chunk: Buffer) => {
      if (chunk.toString().includes("market: history backfilled")) done(true);
    };
    const done = (value: boolean) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      resolve(value);
    };
    child.stdout?.on("data", onData);
    child.once("exit", () => done(false));
  });
}

/**
 * Lets a server settle to idle as bench:memory and bench:sse measure it: ticking, its first
 * start's history backfill written, `ticks` more ticks, then until its RSS holds still (within 2%
 * over 10 s, at most 2 minutes). V8 keeps the pages a burst of allocation freed for a few seconds
 * before it gives them back, so a figure taken right after the backfill can be twice the idle one.
 */
export async function settleIdle(o: {
  pid: number;
  port: number;
  tickMs: number;
  ticks: number;
  backfilled: Promise<boolean>;
}) {
  await waitTicking(o.port, o.tickMs);
  await o.backfilled;
  await sleep(o.ticks * o.tickMs);
  const deadline = Date.now() + 120_000;
  let before = rssOf(o.pid).rss;
  while (Date.now() < deadline) {
    await sleep(10_000);
    const now = rssOf(o.pid).rss;
    if (Math.abs(now - before) <= 0.02 * before) return;
    before = now;
  }
}

/**
 * A process's resident memory now and at its peak, in bytes; `anon` is what the process allocated
 * (heaps, WebAssembly memory), `file` the pages of files it maps (the node binary, libraries).
 */
export function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM"), anon: kb("RssAnon"), file: kb("RssFile") };
}

/** The p-th percentile of an ascending array. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** The p-th percentile (nearest rank) of samples in any order. */
export function percentileOf(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** The same pseudo-random series on every run (a linear congruential generator), in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Builds the production bundle into buildDir unless it is already there. */
export function ensureBuild(buildDir: string) {
  const built = [path.join(buildDir, "server/index.js"), serverEntry(buildDir)];
  if (built.every((file) => fs.existsSync(path.join(root, file)))) return;
  console.log(`building into ${buildDir}…`);
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

/** The 1, 5 and 15 minute load averages: latency on a shared machine reflects them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
