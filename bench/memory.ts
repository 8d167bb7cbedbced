/**
 * npm run bench:memory — the resident memory of one idle production GulfPulse process (the market
 * ticking, no clients), on the embedded PGlite and on a PostgreSQL server (a throwaway cluster on
 * loopback), beside a bare Express process serving one route, measured the same way in the same
 * run. Each server settles (its first start's history backfill written, MEMORY_TICKS ticks, then
 * until its RSS holds still; see settleIdle), then runs a memory-reducing collection and reports its
 * memory split (bench/memory-probe.mjs, preloaded) while we read its RSS from /proc. "before GC" is
 * the RSS it held just before: the difference is pages V8 gives back on its own once a process
 * has been quiet for some seconds (decision 024).
 *
 *   MEMORY_TICKS=10  MEMORY_TICK_MS=1000  MEMORY_DATABASES=pglite,postgres  BUILD_DIR=build
 *   MEMORY_ENTRY=build|source   build: the compiled server (production); source: server/main.ts
 *                               through the tsx loader (how production ran before it was compiled)
 *   MEMORY_SNAPSHOT_DIR=dir     also write a heap snapshot per process (bench/heap-summary.ts reads it)
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hasPostgresBinaries, startCluster } from "#scripts/pg-cluster";
import {
  ensureBuild,
  freePort,
  historyBackfilled,
  loadAverage,
  MEMORY_PROBE_ARGS,
  mb,
  memoryReport,
  nextMessage,
  root,
  settleIdle,
  sleep,
  spawnProcess,
  spawnServer,
  waitHttp,
} from "./support";

const TICKS = Number(process.env.MEMORY_TICKS ?? 10);
const TICK_MS = Number(process.env.MEMORY_TICK_MS ?? 1_000);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ENTRY = process.env.MEMORY_ENTRY === "source" ? "source" : "build";
const DATABASES = (process.env.MEMORY_DATABASES ?? "pglite,postgres").split(",");
const SNAPSHOT_DIR = process.env.MEMORY_SNAPSHOT_DIR;

type Row = Awaited<ReturnType<typeof memoryReport>> & { name: string; snapshot?: string };

/** The bare baseline: Express answering one route, nothing else loaded. */
const BARE_SERVER = `
import express from "express";
const app = express();
app.get("/", (_req, res) => { res.send("ok"); });
const server = app.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

async function report(name: string, child: ChildProcess): Promise<Row> {
  const row: Row = { name, ...(await memoryReport(child)) };
  if (SNAPSHOT_DIR) {
    // After the report: writing a snapshot grows the process by about its heap.
    const file = path.resolve(SNAPSHOT_DIR, `${name.replace(/\W+/g, "-")}.heapsnapshot`);
    child.send({ type: "heap-snapshot", path: file });
    row.snapshot = (await nextMessage<{ path: string }>(child, "heap-snapshot")).path;
  }
  return row;
}

/** Waits for `ready` unless the child exits first (a server that fails to start). */
function unlessExited<T>(child: ChildProcess, ready: Promise<T>) {
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the process exited (${code}) before it was ready`))),
  );
  return Promise.race([ready, exited]);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function measureApp(database: "pglite" | "postgres"): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gp-bench-memory-"));
  const cluster = database === "postgres" ? await startCluster({ port: await freePort() }) : null;
  const port = await freePort();
  const env = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR,
    DATA_DIR: path.join(dataDir, "db"),
    DATABASE_URL: cluster?.url ?? "",
    AUTH_SECRET: "bench-memory-secret-of-at-least-32-characters",
    MARKET_TICK_MS: String(TICK_MS),
    RSS_SEED_REAL_FEEDS: "false",
    RSS_POLL_MINUTES: "60",
    // Info, for the line that says the history backfill is written.
    LOG_LEVEL: "info",
  };
  const app =
    ENTRY === "build"
      ? spawnServer(BUILD_DIR, env, "pipe", MEMORY_PROBE_ARGS)
      : spawnProcess([...MEMORY_PROBE_ARGS, "--import", "tsx", "server/main.ts"], env, "pipe");
  const backfilled = historyBackfilled(app);
  app.stdout?.resume();
  try {
    await unlessExited(app, waitHttp(`http://127.0.0.1:${port}/readyz`));
    await settleIdle({ pid: app.pid!, port, tickMs: TICK_MS, ticks: TICKS, backfilled });
    if (!(await backfilled))
      console.log(`  (${database}: no history backfill seen; measured after the wait)`);
    return await report(`GulfPulse on ${database === "pglite" ? "PGlite" : "PostgreSQL"}`, app);
  } finally {
    await stop(app);
    await cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureBare(): Promise<Row> {
  const port = await freePort();
  const bare = spawnProcess(
    [...MEMORY_PROBE_ARGS, "--input-type=module", "-e", BARE_SERVER],
    { PORT: String(port) },
    "ignore",
  );
  try {
    await unlessExited(bare, waitHttp(`http://127.0.0.1:${port}/`));
    await sleep(TICKS * TICK_MS);
    return await report("bare Express, one route", bare);
  } finally {
    await stop(bare);
  }
}

function print(rows: Row[]) {
  const base = rows.find((r) => r.name.startsWith("bare"))!;
  const cols = [
    "RSS",
    "before GC",
    "peak",
    "anon",
    "file",
    "heap",
    "heap used",
    "external",
    "buffers",
    "modules",
    "× bare RSS",
  ];
  console.log(`\n${"".padEnd(28)}${cols.map((c) => c.padStart(11)).join("")}`);
  for (const r of rows) {
    const u = r.report.usage;
    const cells = [
      r.rss,
      r.report.rssBeforeGc,
      r.peak,
      r.anon,
      r.file,
      u.heapTotal,
      u.heapUsed,
      u.external,
      u.arrayBuffers,
    ].map(mb);
    cells.push(String(r.report.modules.total));
    cells.push(`${(r.rss / base.rss).toFixed(1)}×`);
    console.log(`${r.name.padEnd(28)}${cells.map((c) => c.padStart(11)).join("")}`);
  }
  for (const r of rows.filter((row) => row !== base)) {
    const heaviest = r.report.modules.byPackage
      .slice(0, 8)
      .map((p) => `${p.name} ${(p.bytes / 1024).toFixed(0)} KB/${p.modules}`);
    console.log(`  ${r.name}: largest loaded code: ${heaviest.join(", ")}`);
    const spaces = r.report.heapSpaces.filter((sp) => sp.size >= 1024 ** 2);
    console.log(
      `  ${r.name}: heap spaces (size/used): ${spaces.map((sp) => `${sp.name} ${mb(sp.size)}/${mb(sp.used)}`).join(", ")}`,
    );
    if (r.snapshot) console.log(`  heap snapshot: ${path.relative(root, r.snapshot)}`);
  }
}

async function main() {
  if (ENTRY === "build") ensureBuild(BUILD_DIR);
  if (SNAPSHOT_DIR) fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
  console.log(
    `Idle memory: ${ENTRY === "build" ? "compiled server" : "server/main.ts through tsx"}, ${TICKS} ticks of ${TICK_MS} ms to settle, ${os.cpus().length} CPUs, load ${loadAverage()}`,
  );
  const rows: Row[] = [await measureBare()];
  if (DATABASES.includes("pglite")) rows.push(await measureApp("pglite"));
  if (DATABASES.includes("postgres")) {
    if (hasPostgresBinaries()) rows.push(await measureApp("postgres"));
    else console.log("  PostgreSQL: no server binaries here (apt-get install postgresql); skipped");
  }
  print(rows);
  const limits = { PGlite: 600, PostgreSQL: 300 } as const;
  for (const [db, limit] of Object.entries(limits)) {
    const row = rows.find((r) => r.name.endsWith(db));
    if (row) console.log(`${row.rss <= limit * 1024 ** 2 ? "✓" : "✗"} idle RSS on ${db} ≤ ${limit} MB`);
  }
  console.log(`(load average at the end: ${loadAverage()}; memory figures depend little on it)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
