import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { PRODUCTION_NODE_FLAGS, serverEntry } from "#scripts/production-node-flags";

/**
 * A second production server of the build, for the tests that need settings the suite's server
 * does not have (a market source on loopback, a model): its own port beside the suite's and its
 * own data folder, the suite's offline defaults (simulated market, the shipped calendar schedule,
 * no outside feeds), and the given settings over them.
 */
export interface AppServer {
  baseURL: string;
  /** The data folder, for a test that writes into the database while the server is stopped. */
  dataDir: string;
  /** Stops the server and waits for it to exit; its data is removed unless `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

const e2ePort = () => Number(process.env.E2E_PORT ?? 4173);

/** The address of the app server started with `portOffset`, for `test.use({ baseURL })`. */
export const appServerURL = (portOffset: number) => `http://localhost:${e2ePort() + portOffset}`;

export async function startAppServer(opts: {
  /** Added to E2E_PORT, so that runs with their own E2E_PORT never collide. */
  portOffset: number;
  /** Names the data folder. */
  name: string;
  env?: Record<string, string>;
  /** Start on the data a previous start left (default: a fresh database). */
  keepData?: boolean;
}): Promise<AppServer> {
  const port = e2ePort() + opts.portOffset;
  const baseURL = appServerURL(opts.portOffset);
  const dataDir = `.tmp/e2e-${opts.name}-${port}`;
  const removeData = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.lock`, { recursive: true, force: true });
  };
  if (!opts.keepData) removeData();
  const app = spawn(
    process.execPath,
    [...PRODUCTION_NODE_FLAGS, serverEntry(process.env.BUILD_DIR ?? "build")],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        MARKET_TICK_MS: "1000",
        MARKET_PROVIDER: "simulator",
        CALENDAR_SOURCE: "schedule",
        RSS_SEED_REAL_FEEDS: "false",
        RSS_POLL_MINUTES: "60",
        LOG_LEVEL: "warn",
        AUTH_RATE_LIMIT_PER_MINUTE: "500",
        // The suite's mail catcher (playwright.config.ts) receives this server's mail too.
        SMTP_URL: `smtp://127.0.0.1:${e2ePort() + 1000}`,
        ...opts.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const exited = new Promise((resolve) => app.once("exit", resolve));
  const server: AppServer = {
    baseURL,
    dataDir,
    async stop({ keepData = false } = {}) {
      if (app.exitCode === null && app.signalCode === null) {
        app.kill("SIGTERM");
        await exited;
      }
      if (!keepData) removeData();
    },
  };
  // A first start migrates, seeds and writes a year of history for every instrument before it is ready.
  const deadline = Date.now() + 180_000;
  while (!(await ready(baseURL))) {
    if (app.exitCode !== null || Date.now() > deadline) {
      await server.stop();
      throw new Error(`the ${opts.name} app server on port ${port} did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return server;
}

const ready = (baseURL: string) =>
  fetch(`${baseURL}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
