import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PRODUCTION_NODE_FLAGS, serverEntry } from "#scripts/production-node-flags";

const root = path.resolve(__dirname, "../..");

export interface AppProcess {
  child: ChildProcess;
  port: number;
  base: string;
  exited: Promise<number | null>;
  output(): string;
}

/** Builds the app into BUILD_DIR (default build) unless a build is already there. */
export function ensureBuild(buildDir = process.env.BUILD_DIR ?? "build") {
  if (!fs.existsSync(path.join(root, buildDir, "server/index.js"))) {
    execSync("npm run build", { cwd: root, stdio: "ignore", env: { ...process.env, BUILD_DIR: buildDir } });
  }
  return buildDir;
}

let compiledEntry: string | null = null;

/** Test workers are often killed rather than exit: their compiled servers go once they are gone. */
function removeLeftovers() {
  const tmp = path.join(root, ".tmp");
  if (!fs.existsSync(tmp)) return;
  for (const name of fs.readdirSync(tmp)) {
    const pid = Number(name.match(/^app-process-(\d+)$/)?.[1]);
    if (pid && !isRunning(pid)) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0); // signal 0 only asks whether the process exists
    return true;
  } catch {
    return false;
  }
}

/**
 * The server compiled from the sources as they are now (a build folder may be older), once per
 * test process, into a folder of its own: what `npm run build` writes to BUILD_DIR/backend.
 */
function compiledServer() {
  if (compiledEntry) return compiledEntry;
  const dir = path.join(".tmp", `app-process-${process.pid}`);
  removeLeftovers();
  execSync("npx tsx scripts/build-server.ts", {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, BUILD_DIR: dir },
  });
  compiledEntry = serverEntry(dir);
  return compiledEntry;
}

/** Starts the production server (compiled, on the build) as its own OS process, as production does. */
export function startAppProcess(port: number, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, compiledServer()], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      SEED_ON_START: "false",
      LOG_LEVEL: "warn",
      // Tests never reach the internet: the simulator, unless a test points a source at loopback.
      MARKET_PROVIDER: "simulator",
      // The calendar stays on its shipped schedule: no request to the weekly feed leaves the machine.
      CALENDAR_SOURCE: "schedule",
      // News comes from the shipped sample feeds only.
      RSS_SEED_REAL_FEEDS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, base: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** The process's /readyz answer, or null while it is not ready. */
export async function readyz(app: AppProcess): Promise<{ jobLeader: boolean } | null> {
  try {
    const res = await fetch(`${app.base}/readyz`);
    return res.ok ? ((await res.json()) as { jobLeader: boolean }) : null;
  } catch {
    return null;
  }
}

export async function stopAll(apps: AppProcess[]) {
  for (const a of apps) if (a.child.exitCode === null) a.child.kill("SIGKILL");
  await Promise.all(apps.map((a) => a.exited));
}
