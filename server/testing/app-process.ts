import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

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

/** Starts the production server (server/main.ts on the build) as its own OS process. */
export function startAppProcess(port: number, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
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
