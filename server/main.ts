import http from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { runSeeds } from "./db/seed";
import { createHttpApp } from "./http/app";
import { answerClientErrors } from "./http/errors";
import { createLogger } from "./logger";
import { createServices, openDatabase } from "./services";

const SHUTDOWN_DEADLINE_MS = 4_500;

/** Composition root: config -> db -> services -> jobs -> HTTP server. */
// Signals can arrive while the server is still starting; they are honoured once it can stop cleanly.
let stop: ((signal: string) => Promise<void>) | null = null;
let pendingSignal: string | null = null;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stop) void stop(signal);
    else pendingSignal = signal;
  });
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL);
  const dev = config.NODE_ENV === "development";

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config, log);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.fatal(err.message);
      console.error(err.message);
      process.exit(75);
    }
    throw err;
  }
  const services = await createServices(config, log, opened.database, opened.release);
  // Demo content is idempotent, so the embedded default always has something to show.
  if (config.SEED_ON_START) await runSeeds(services.seeds);

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let devMiddleware: any;
  let clientDir: string | undefined;
  if (dev) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    devMiddleware = vite.middlewares;
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    services.onClose(() => vite.close());
  } else {
    const buildDir = path.resolve(config.BUILD_DIR);
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    clientDir = path.join(buildDir, "client");
  }

  const app = createHttpApp({ services, build, clientDir, devMiddleware });
  const server = http.createServer(app);
  answerClientErrors(server);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log.info({ port, database: services.database.kind }, "GulfPulse is running");
  console.log(`GulfPulse is running at http://localhost:${port}`);
  await services.jobs.start();

  let stopping = false;
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error("shutdown deadline passed, exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    server.close();
    // Ends SSE streams and other long requests (registered via services.onClose) so close() finishes.
    server.closeIdleConnections();
    await services.close();
    server.closeAllConnections();
    log.info("stopped cleanly");
    process.exit(0);
  };
  if (pendingSignal) await stop(pendingSignal);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
