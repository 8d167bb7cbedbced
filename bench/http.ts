/**
 * npm run bench:http — the anonymous home page `/` of the production build (embedded PGlite,
 * market ticking) under HTTP_CONNECTIONS concurrent keep-alive connections for HTTP_SECONDS,
 * beside a bare node:http server sending the same bytes (captured from the app first) in the same
 * run: requests/s and p50/p99 latency, and the ratio. Then, on the same app: an anonymous visitor
 * with theme and digits cookies, and a signed-in account that has used the site (alerts,
 * notifications, chat history; bench/used-account.ts) on `/` and `/price-alerts`; and the median
 * server time of one signed-in render (sequential views) of each page in SIGNED_IN_PAGES, on
 * PGlite and, with BENCH_DATABASE_URL or HTTP_POSTGRES=true (a throwaway cluster), on PostgreSQL
 * (decision record 027). A last app run with the page cache off (PAGE_CACHE_SECONDS=0) shows what
 * a full anonymous render per request costs (decision record 011) of `/`, `/markets` and `/screener`.
 *
 *   HTTP_CONNECTIONS=64  HTTP_SECONDS=10  HTTP_ROUNDS=2  BUILD_DIR=build  HTTP_UNCACHED=true
 *   HTTP_SIGNED_IN=true  HTTP_POSTGRES=false  BENCH_DATABASE_URL=postgres://…  HTTP_PG_PORT=4790
 *
 * Server and load generator (autocannon) are separate processes.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startCluster } from "../scripts/pg-cluster";
import { medianRenderTimes } from "./signed-in-renders";
import {
  ensureBuild,
  freePort,
  historyBackfilled,
  loadAverage,
  nextMessage,
  spawnNode as spawnChild,
  spawnServer,
  waitHttp,
} from "./support";
import { usedAccount } from "./used-account";

const CONNECTIONS = Number(process.env.HTTP_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.HTTP_SECONDS ?? 10);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const UNCACHED = (process.env.HTTP_UNCACHED ?? "true") !== "false";
const ROUNDS = Math.max(1, Number(process.env.HTTP_ROUNDS ?? 2));
const SIGNED_IN = (process.env.HTTP_SIGNED_IN ?? "true") !== "false";
const PG_URL = process.env.BENCH_DATABASE_URL;
const PG_CLUSTER = process.env.HTTP_POSTGRES === "true";
/**
 * The pages whose render per request is measured with the page cache off: the home page, and the
 * market overview and screener (the overview's target is ≥ 200 req/s).
 */
const UNCACHED_PAGES = ["/", "/markets", "/screener"];
/** Anonymous display preferences: a shared page variant of their own. */
const PREFERENCE_COOKIES = "theme=dark; digits=arab";
/** Signed-in renders must read as a real browser's: sign-up straight through, no mail step. */
const ACCOUNT_ENV = { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "1000" };

interface Load {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  bytesPerSecond: number;
}

/** Mean rates and latencies over runs; counts are summed. */
function meanOf(runs: Load[]): Load {
  const mean = (k: keyof Load) => runs.reduce((sum, r) => sum + r[k], 0) / runs.length;
  const sum = (k: keyof Load) => runs.reduce((total, r) => total + r[k], 0);
  return {
    rps: mean("rps"),
    p50: mean("p50"),
    p99: mean("p99"),
    total: sum("total"),
    non2xx: sum("non2xx"),
    errors: sum("errors"),
    bytesPerSecond: mean("bytesPerSecond"),
  };
}

// ---------------------------------------------------------------------------------------------
// Child process roles
// ---------------------------------------------------------------------------------------------

/** The baseline: every request gets the captured page, as bytes already in memory. */
function bareServer(port: number, file: string, contentType: string) {
  const body = fs.readFileSync(file);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, "127.0.0.1", () => process.send?.({ type: "listening" }));
}

/** The load generator: autocannon against one URL, the summary sent back over IPC. */
async function loadGenerator(url: string, seconds: number, connections: number, cookie: string) {
  const headers = cookie ? { cookie } : undefined;
  const r = await autocannon({ url, connections, duration: seconds, headers });
  const load: Load = {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytesPerSecond: r.throughput.average,
  };
  process.send?.({ type: "result", load });
}

// ---------------------------------------------------------------------------------------------
// Orchestrator
// ---------------------------------------------------------------------------------------------

const spawnNode = (args: string[], env: Record<string, string> = {}) => spawnChild(args, env, "ignore");

async function load(url: string, seconds = SECONDS, cookie = ""): Promise<Load> {
  const child = spawnNode(["bench/http.ts", "load", url, String(seconds), String(CONNECTIONS), cookie]);
  try {
    return (await nextMessage<{ load: Load }>(child, "result", (seconds + 60) * 1000)).load;
  } finally {
    child.kill("SIGKILL");
  }
}

/**
 * The production app on a data folder; resolves once it answers /readyz and its first start's
 * market history is written, so no figure is taken while a year of bars is being inserted.
 */
async function startApp(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const app = spawnServer(
    BUILD_DIR,
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BUILD_DIR,
      LOG_LEVEL: "info",
      ...ACCOUNT_ENV,
      ...env,
    },
    "pipe",
  );
  const backfilled = historyBackfilled(app);
  app.stdout?.resume();
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/readyz`);
  await backfilled;
  return { app, url };
}

async function stopApp(app: ChildProcess) {
  const exited = new Promise((r) => app.once("exit", r));
  app.kill("SIGTERM");
  await exited;
}

/**
 * The signed-in render times on PostgreSQL: BENCH_DATABASE_URL, or a throwaway cluster
 * (HTTP_POSTGRES=true) on HTTP_PG_PORT or a free port; an app of its own, an account of its own.
 */
async function postgresRenderTimes(tmp: string) {
  const cluster = PG_URL
    ? null
    : await startCluster({ port: Number(process.env.HTTP_PG_PORT) || (await freePort()) });
  const { app, url } = await startApp(path.join(tmp, "db-pg"), {
    DATABASE_URL: PG_URL ?? cluster!.url,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
  });
  try {
    const account = await usedAccount(url, { email: `reader-pg-${Date.now()}@example.com` });
    return [`PostgreSQL, load ${loadAverage()}`, await medianRenderTimes(url, account.cookie)] as [
      string,
      Awaited<ReturnType<typeof medianRenderTimes>>,
    ];
  } finally {
    await stopApp(app);
    await cluster?.destroy();
  }
}

/** The page exactly as the load generator gets it (no cookie, no compression). */
async function capture(url: string) {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return {
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get("content-type") ?? "text/html",
    cacheControl: res.headers.get("cache-control"),
  };
}

async function main() {
  ensureBuild(BUILD_DIR);
  const loadAvg = loadAverage;
  console.log(
    `HTTP: anonymous GET / at ${CONNECTIONS} connections, ${SECONDS} s per run, ${os.cpus().length} CPUs, load ${loadAvg()}`,
  );

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gp-bench-http-"));
  const dataDir = path.join(tmp, "db");
  const children: ChildProcess[] = [];
  const rows: Array<[string, Load]> = [];
  try {
    let { app, url } = await startApp(dataDir, {});
    children.push(app);
    const page = await capture(`${url}/`);
    fs.writeFileSync(path.join(tmp, "page.html"), page.body);
    console.log(
      `  the page is ${(page.body.length / 1024).toFixed(1)} KB (${page.type}); Cache-Control: ${page.cacheControl}`,
    );

    const barePort = await freePort();
    const bare = spawnNode([
      "bench/http.ts",
      "bare",
      String(barePort),
      path.join(tmp, "page.html"),
      page.type,
    ]);
    children.push(bare);
    await nextMessage(bare, "listening");
    const bareUrl = `http://127.0.0.1:${barePort}/`;

    // Warm both (JIT, the first renders), then bare, app, bare, app, … bare: the baseline brackets
    // every app run so load drift on a shared machine evens out; each side is the mean of its runs.
    await load(`${url}/`, 2);
    await load(bareUrl, 2);
    const bareRuns = [await load(bareUrl)];
    const appRuns: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appRuns.push(await load(`${url}/`));
      bareRuns.push(await load(bareUrl));
    }
    console.log(`  bare node:http runs: ${bareRuns.map((r) => r.rps.toFixed(0)).join(", ")} req/s`);
    console.log(`  GulfPulse runs: ${appRuns.map((r) => r.rps.toFixed(0)).join(", ")} req/s`);
    const base = meanOf(bareRuns);
    const ours = meanOf(appRuns);
    rows.push(
      [`bare node:http, same bytes (mean of ${bareRuns.length})`, base],
      [`GulfPulse / (anonymous, page cache; mean of ${appRuns.length})`, ours],
    );

    // Display preferences in cookies: the page variant of its own (shared like the plain page).
    await load(`${url}/`, 2, PREFERENCE_COOKIES);
    const preferences = await load(`${url}/`, SECONDS, PREFERENCE_COOKIES);
    rows.push(["GulfPulse / (anonymous, theme + digits cookies)", preferences]);

    const renderTimes: Array<[string, Awaited<ReturnType<typeof medianRenderTimes>>]> = [];
    if (SIGNED_IN) {
      const account = await usedAccount(url, { email: `reader-${Date.now()}@example.com` });
      for (const page of ["/", "/price-alerts"]) {
        await load(`${url}${page}`, 2, account.cookie);
        rows.push([
          `GulfPulse ${page} (signed in, used account)`,
          await load(`${url}${page}`, SECONDS, account.cookie),
        ]);
      }
      renderTimes.push([`PGlite, load ${loadAvg()}`, await medianRenderTimes(url, account.cookie)]);
      if (PG_URL || PG_CLUSTER) renderTimes.push(await postgresRenderTimes(tmp));
    }

    if (UNCACHED) {
      await stopApp(app);
      children.splice(children.indexOf(app), 1);
      ({ app, url } = await startApp(dataDir, { PAGE_CACHE_SECONDS: "0", SEED_ON_START: "false" }));
      children.push(app);
      for (const page of UNCACHED_PAGES) {
        await load(`${url}${page}`, 2);
        const uncached = await load(`${url}${page}`);
        const bytes = (await capture(`${url}${page}`)).body.length;
        console.log(
          `  GulfPulse ${page}, a render per request: ${uncached.rps.toFixed(0)} req/s (${(bytes / 1024).toFixed(1)} KB)`,
        );
        rows.push([`GulfPulse ${page} (PAGE_CACHE_SECONDS=0, a render each)`, uncached]);
      }
    }

    const fmtMs = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
    console.log(
      `\n${"".padEnd(54)}${"req/s".padStart(9)}${"p50".padStart(9)}${"p99".padStart(9)}${"MB/s".padStart(8)}${"non-2xx".padStart(9)}${"errors".padStart(8)}${"/bare".padStart(8)}`,
    );
    for (const [name, r] of rows) {
      console.log(
        `${name.padEnd(54)}${r.rps.toFixed(0).padStart(9)}${fmtMs(r.p50).padStart(9)}${fmtMs(r.p99).padStart(9)}${(r.bytesPerSecond / 1e6).toFixed(0).padStart(8)}${String(r.non2xx).padStart(9)}${String(r.errors).padStart(8)}${`${(r.rps / base.rps).toFixed(2)}×`.padStart(8)}`,
      );
    }
    if (renderTimes.length) {
      console.log(`\nmedian server time of one signed-in render (sequential views; target ≤ 5 ms each)`);
      for (const [db, times] of renderTimes) {
        console.log(`  ${db}`);
        for (const t of times) {
          console.log(
            `    ${t.page.padEnd(18)} p50 ${fmtMs(t.p50).padStart(8)}   p90 ${fmtMs(t.p90).padStart(8)}`,
          );
        }
      }
    }
    const ratio = ours.rps / base.rps;
    console.log(
      `\nratio GulfPulse / bare: throughput ${ratio.toFixed(2)}×, p50 ${(ours.p50 / Math.max(base.p50, 0.1)).toFixed(2)}×, p99 ${(ours.p99 / Math.max(base.p99, 0.1)).toFixed(2)}×`,
    );
    const checks = [
      ["throughput ≥ 50% of the bare server's", ratio >= 0.5],
      [
        "every response of the cached app was a 200",
        ours.non2xx === 0 && ours.errors === 0 && ours.total > 0,
      ],
      ["the page is sent cacheable (public, s-maxage)", /public.*s-maxage=\d+/.test(page.cacheControl ?? "")],
      ["theme + digits cookies ≥ 80% of the cached anonymous throughput", preferences.rps >= 0.8 * ours.rps],
      // The throughput target is the signed-in home page's (a shared copy with the reader spliced
      // in, decision record 028); /price-alerts is the reader's own page, rendered per request.
      ...rows
        .filter(([name]) => name.includes("/ (signed in"))
        .map(
          ([name, r]) =>
            [
              `${name.replace("GulfPulse ", "")}: ≥ 10% of the bare server (${((100 * r.rps) / base.rps).toFixed(1)}%), p99 ≤ 150 ms, no errors`,
              r.rps >= 0.1 * base.rps && r.p99 <= 150 && r.errors === 0 && r.non2xx === 0,
            ] as const,
        ),
      ...renderTimes.flatMap(([db, times]) =>
        times.map((t) => [`${db.split(",")[0]} ${t.page}: one signed-in render ≤ 5 ms`, t.p50 <= 5] as const),
      ),
    ] as const;
    for (const [label, ok] of checks) console.log(`${ok ? "✓" : "✗"} ${label}`);
    const markets = rows.find(([name]) => name.startsWith("GulfPulse /markets (PAGE_CACHE"));
    if (markets)
      console.log(`${markets[1].rps >= 200 ? "✓" : "✗"} /markets rendered per request ≥ 200 req/s`);
    if (UNCACHED)
      console.log("(errors in the uncached rows are requests still queued at autocannon's 10 s timeout)");
    console.log(`(load average at the end: ${loadAvg()}; the load generator shares the machine's CPUs)`);
  } finally {
    for (const child of children) child.kill("SIGKILL");
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const [role, a, b, c, d] = process.argv.slice(2);
if (role === "bare") bareServer(Number(a), b!, c!);
else if (role === "load") void loadGenerator(a!, Number(b), Number(c), d ?? "");
else
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
