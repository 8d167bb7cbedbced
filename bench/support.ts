/**
 * Helpers the benchmarks share: they run servers and load generators as child processes that
 * report over IPC.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

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
 * A Node child running a TypeScript file, through a shell that first raises its file descriptor
 * limit (thousands of sockets). `exec` keeps the child's pid the node process's, for rssOf.
 */
export function spawnNode(
  args: string[],
  env: Record<string, string> = {},
  stdout: "inherit" | "ignore" | "pipe" = "inherit",
): ChildProcess {
  const cmd = [process.execPath, "--import", "tsx", ...args]
    .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
    .join(" ");
  return spawn("bash", ["-c", `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec ${cmd}`], {
    cwd: root,
    // Benchmarks measure this machine, not a market data source or the calendar feed: the simulator
    // and the shipped calendar schedule unless asked.
    env: { ...process.env, MARKET_PROVIDER: "simulator", CALENDAR_SOURCE: "schedule", ...env },
    stdio: ["ignore", stdout, "inherit", "ipc"],
  });
}

/** A process's resident memory now and at its peak, in bytes. */
export function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** The p-th percentile of an ascending array. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Builds the production bundle into buildDir unless it is already there. */
export function ensureBuild(buildDir: string) {
  if (fs.existsSync(path.join(root, buildDir, "server/index.js"))) return;
  console.log(`building into ${buildDir}…`);
  execSync("npm run build", { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
}

/** The 1, 5 and 15 minute load averages: latency on a shared machine reflects them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
