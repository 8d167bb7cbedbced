/**
 * npm run bench:sse — N concurrent Server-Sent Events clients against one GulfPulse process
 * (production build, embedded PGlite, simulator ticking every SSE_TICK_MS): tick-to-client latency
 * p50/p99 (from the tick's own timestamp, so it includes the provider poll, the database writes
 * and LISTEN/NOTIFY) and the server's resident memory. Beside it, in the same run and with the same
 * clients, a bare node:http SSE broadcaster sending a tick of the same size: the baseline.
 *
 *   SSE_CLIENTS=10000  SSE_TICKS=10  SSE_TICK_MS=1000  SSE_LOADERS=<CPUs>  BUILD_DIR=build
 *
 * Servers and clients run as separate processes (ulimit -n raised through a shell).
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {
  ensureBuild,
  freePort,
  historyBackfilled,
  loadAverage,
  MEMORY_PROBE_ARGS,
  mb,
  memoryReport,
  nextMessage,
  pct,
  root,
  rssOf,
  settleIdle,
  sleep,
  spawnNode,
  spawnServer,
  waitHttp,
  waitTicking,
} from "./support";

const N = Number(process.env.SSE_CLIENTS ?? 10_000);
const TICKS = Number(process.env.SSE_TICKS ?? 10);
const TICK_MS = Number(process.env.SSE_TICK_MS ?? 1_000);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
/** Loader processes holding the clients (one per CPU by default). */
const LOADERS = Number(process.env.SSE_LOADERS ?? os.availableParallelism());
const share = (i: number) => Math.floor(N / LOADERS) + (i < N % LOADERS ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Child process roles
// ---------------------------------------------------------------------------------------------

/** The baseline: a bare node:http broadcaster, one serialisation written to every response. */
function bareServer(port: number, payloadBytes: number) {
  const clients = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (req.url !== "/stream") return void res.writeHead(404).end();
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
    });
    res.socket?.setNoDelay(true);
    res.write("retry: 3000\n\n");
    clients.add(res);
    req.on("close", () => clients.delete(res));
  });
  server.listen(port, "127.0.0.1", () => process.send?.({ type: "listening" }));
  const filler = "x".repeat(Math.max(0, payloadBytes - 40));
  const loops: number[] = [];
  setInterval(() => {
    const t = Date.now();
    const chunk = Buffer.from(
      `id: ${t}\nevent: market\ndata: ${JSON.stringify({ t, ms: TICK_MS, ok: true, f: filler })}\n\n`,
    );
    for (const res of clients) res.write(chunk);
    if (clients.size >= N * 0.99) loops.push(Date.now() - t);
  }, TICK_MS);
  process.on("message", (m: { type: string }) => {
    if (m.type !== "stats") return;
    process.send?.({
      type: "stats",
      fanOutMs: loops.sort((a, b) => a - b)[Math.floor(loops.length / 2)] ?? NaN,
    });
    loops.length = 0;
  });
}

/**
 * Opens n raw SSE connections and timestamps each event's arrival against its id (the tick time).
 * Kept lean on purpose (raw bytes, latin1, no per-event allocation beyond the id): in a real
 * deployment every client is its own machine, so the loader's own per-socket cost must not be
 * what the benchmark measures.
 */
function clients(port: number, n: number) {
  const arrivals: Array<Map<number, number>> = [];
  let open = 0;
  let failed = 0;
  const request = Buffer.from(
    `GET /${process.env.SSE_PATH ?? "api/stream"} HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n`,
  );
  function connect(i: number) {
    return new Promise<void>((resolve) => {
      const seen = new Map<number, number>();
      arrivals[i] = seen;
      let carry = "";
      let settled = false;
      const done = () => {
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      const socket = net.connect({ port, host: "127.0.0.1" }, () => {
        socket.setNoDelay(true);
        socket.write(request);
      });
      socket.on("data", (chunk: Buffer) => {
        const now = Date.now();
        // An event may straddle two reads: carry the unfinished tail (rare) into the next one.
        const text = carry + chunk.toString("latin1");
        if (!settled) {
          if (!text.includes("\r\n\r\n")) {
            carry = text;
            return;
          }
          open++;
          done();
        }
        const complete = text.lastIndexOf("\n\n");
        carry = text.slice(complete + 2);
        let at = text.indexOf("\nid: ");
        while (at >= 0 && at < complete) {
          const id = Number(text.slice(at + 5, text.indexOf("\n", at + 5)));
          if (!seen.has(id)) seen.set(id, now);
          at = text.indexOf("\nid: ", at + 5);
        }
      });
      socket.on("error", () => {
        failed++;
        done();
      });
    });
  }
  (async () => {
    const started = Date.now();
    for (let i = 0; i < n; i += 250) {
      await Promise.all(Array.from({ length: Math.min(250, n - i) }, (_, j) => connect(i + j)));
    }
    process.send?.({ type: "connected", open, failed, ms: Date.now() - started });
  })();
  process.on("message", (msg: { type: string; from: number; to: number }) => {
    if (msg.type !== "report") return;
    const latencies: number[] = [];
    const perTick: Record<number, number> = {};
    const firstArrival: Record<number, number> = {};
    for (const seen of arrivals) {
      for (const [id, at] of seen) {
        if (id < msg.from || id > msg.to) continue;
        latencies.push(at - id);
        perTick[id] = (perTick[id] ?? 0) + 1;
        firstArrival[id] = Math.min(firstArrival[id] ?? Number.POSITIVE_INFINITY, at - id);
      }
    }
    process.send?.({ type: "report", latencies, perTick, firstArrival });
  });
}

// ---------------------------------------------------------------------------------------------
// Orchestrator
// ---------------------------------------------------------------------------------------------

/** The app's own account of each tick (debug log): tick time to fan-out start, and the fan-out. */
function fanOutLog(app: ChildProcess) {
  const entries: Array<{ at: number; lagMs: number; fanOutMs: number; clients: number }> = [];
  let buf = "";
  app.stdout!.setEncoding("utf8");
  app.stdout!.on("data", (chunk: string) => {
    buf += chunk;
    const lines = buf.split("\n");
    buf = lines.pop()!;
    for (const line of lines) {
      if (!line.includes("market: tick fanned out")) continue;
      try {
        entries.push({ at: Date.now(), ...JSON.parse(line) });
      } catch {}
    }
  });
  return entries;
}

interface Result {
  name: string;
  /** Median over ticks of the first client's latency: the pipeline before the fan-out. */
  first: number;
  p50: number;
  p99: number;
  max: number;
  delivered: number;
  rss: number;
  connectMs: number;
}

interface LoaderReport {
  latencies: number[];
  perTick: Record<string, number>;
  firstArrival: Record<string, number>;
}

interface Loader {
  connected: Promise<{ open: number; failed: number; ms: number }>;
  report(from: number, to: number): Promise<LoaderReport>;
  kill(): void;
}

/**
 * The C loader (bench/sse-loader.c), compiled once per run when a C compiler is present: its
 * per-event cost is a fraction of Node's, so the figures describe the server, not the loader.
 * SSE_LOADER=node uses the Node loader below instead.
 */
function compileCLoader(): string | null {
  if (process.env.SSE_LOADER === "node") return null;
  const out = path.join(os.tmpdir(), `gp-sse-loader-${process.pid}`);
  try {
    execSync(`cc -O2 -o '${out}' '${path.join(root, "bench/sse-loader.c")}'`, { stdio: "pipe" });
    return out;
  } catch (err) {
    console.log(`  (no C compiler: using the Node loader, whose own cost inflates latency) ${err}`);
    return null;
  }
}

function cLoader(binary: string, port: number, urlPath: string, n: number): Loader {
  const child = spawn(
    "bash",
    [
      "-c",
      `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`,
      binary,
      String(port),
      urlPath,
      String(n),
    ],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  let buf = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => {
    buf += chunk;
    for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve) => {
      const line = lines.shift();
      if (line !== undefined) resolve(line);
      else waiters.push(resolve);
    });
  return {
    connected: nextLine().then((line) => {
      const [, open, failed, ms] = line.split(" ").map(Number);
      return { open: open!, failed: failed!, ms: ms! };
    }),
    async report(from, to) {
      child.stdin!.write(`report ${from} ${to}\n`);
      return JSON.parse(await nextLine()) as LoaderReport;
    },
    kill: () => child.kill("SIGKILL"),
  };
}

function nodeLoader(port: number, urlPath: string, n: number): Loader {
  const child = spawnNode(["bench/sse.ts", "clients", String(port), String(n)], { SSE_PATH: urlPath });
  return {
    connected: nextMessage(child, "connected"),
    report(from, to) {
      child.send({ type: "report", from, to });
      return nextMessage<LoaderReport>(child, "report");
    },
    kill: () => child.kill("SIGKILL"),
  };
}

let cLoaderBinary: string | null | undefined;

/**
 * Connects the clients, lets TICKS ticks pass, and collects arrival times and server memory. The
 * clients are spread over one loader process per CPU so that reading 10,000 sockets is not
 * serialised in a single event loop.
 */
async function measure(name: string, port: number, serverPid: number, urlPath: string): Promise<Result> {
  cLoaderBinary ??= compileCLoader();
  const binary = cLoaderBinary;
  const loaders = Array.from({ length: LOADERS }, (_, i) =>
    binary ? cLoader(binary, port, urlPath, share(i)) : nodeLoader(port, urlPath, share(i)),
  );
  const connected = await Promise.all(loaders.map((l) => l.connected));
  const open = connected.reduce((sum, c) => sum + c.open, 0);
  const failed = connected.reduce((sum, c) => sum + c.failed, 0);
  const connectMs = Math.max(...connected.map((c) => c.ms));
  console.log(`  ${name}: ${open} clients connected in ${connectMs} ms (${failed} failed)`);
  await sleep(TICK_MS); // let connect-time snapshots drain
  const from = Date.now();
  await sleep(TICKS * TICK_MS);
  const to = Date.now();
  const { rss } = rssOf(serverPid);
  // Ticks sent inside the window may still be on their way: give them time to land.
  await sleep(Math.max(3_000, 2 * TICK_MS));
  const reports = await Promise.all(loaders.map((l) => l.report(from, to)));
  for (const l of loaders) l.kill();
  const sorted = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const ticks = new Set(reports.flatMap((r) => Object.keys(r.perTick)));
  const first = [...ticks]
    .map((id) => Math.min(...reports.map((r) => r.firstArrival[id] ?? Number.POSITIVE_INFINITY)))
    .sort((x, y) => x - y);
  const expected = ticks.size * N;
  return {
    name,
    first: pct(first, 50),
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    delivered: expected ? sorted.length / expected : 0,
    rss,
    connectMs,
  };
}

/** Waits until the app has finished its first-start backfill and is ticking. */
/** The size of a real tick (not the connect snapshot) as the app sends it right now. */
function probeTickBytes(port: number) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(`http://127.0.0.1:${port}/api/stream`, (res) => {
      let buf = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buf += chunk;
        for (const block of buf.split("\n\n").slice(0, -1)) {
          const data = block.split("\n").find((l) => l.startsWith("data: "));
          if (data && !data.includes('"full":true')) {
            req.destroy();
            resolve(data.length - 6);
            return;
          }
        }
      });
    });
    req.on("error", reject);
  });
}

async function main() {
  ensureBuild(BUILD_DIR);
  const load = loadAverage;
  console.log(
    `SSE fan-out: ${N} clients over ${LOADERS} loader processes, ${TICKS} ticks every ${TICK_MS} ms, ${os.cpus().length} CPUs, load ${load()}`,
  );

  // The app starts first (its first start backfills history) so the baseline can send a tick of
  // the same size. Then bare, app, bare: the baseline brackets the app so load drift on a shared
  // machine evens out (the baseline figures are the mean of its two runs).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gp-bench-sse-"));
  const appPort = await freePort();
  const app = spawnServer(
    BUILD_DIR,
    {
      NODE_ENV: "production",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dataDir, "db"),
      DATABASE_URL: "",
      BUILD_DIR,
      MARKET_TICK_MS: String(TICK_MS),
      // Every loader connects from this loopback address.
      SSE_MAX_STREAMS_PER_ADDRESS: "1000000",
      SEED_ON_START: "false",
      LOG_LEVEL: "debug",
    },
    "pipe",
    MEMORY_PROBE_ARGS,
  );
  const backfilled = historyBackfilled(app);
  const fanOuts = fanOutLog(app);
  const barePort = await freePort();
  let bare: ChildProcess | undefined;
  const bareRuns: Result[] = [];
  let ours: Result;
  try {
    await waitHttp(`http://127.0.0.1:${appPort}/readyz`);
    await waitTicking(appPort, TICK_MS);
    const tickBytes = await probeTickBytes(appPort);
    cLoaderBinary = compileCLoader();
    console.log(`  loaders: ${LOADERS} × ${cLoaderBinary ? "C (bench/sse-loader.c)" : "Node"}`);
    console.log(`  a tick on the wire is ${tickBytes} bytes now (the baseline sends the same size)`);
    // Idle as bench:memory measures it: the first start's history written, a few ticks, a GC.
    await settleIdle({ pid: app.pid!, port: appPort, tickMs: TICK_MS, ticks: 5, backfilled });
    const idle = await memoryReport(app);
    console.log(
      `  GulfPulse idle RSS ${mb(idle.rss)} (heap used ${mb(idle.report.usage.heapUsed)}; as bench:memory measures it)`,
    );
    bare = spawnNode(["bench/sse.ts", "bare", String(barePort), String(tickBytes)]);
    await nextMessage(bare, "listening");
    bareRuns.push(await measure("bare node:http broadcaster", barePort, bare.pid!, "stream"));
    const measuredFrom = Date.now();
    ours = await measure("GulfPulse (Express + SSE hub + PGlite ticks)", appPort, app.pid!, "api/stream");
    const during = fanOuts.filter((e) => e.at >= measuredFrom && e.clients >= N * 0.99);
    const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
    console.log(
      `  inside the app (${during.length} ticks with all clients): tick to fan-out p50 ${med(during.map((e) => e.lagMs))} ms, ` +
        `fan-out to ${N} streams p50 ${med(during.map((e) => e.fanOutMs))} ms`,
    );
    bareRuns.push(await measure("bare node:http broadcaster", barePort, bare.pid!, "stream"));
    bare.send({ type: "stats" });
    const bareStats = await nextMessage<{ fanOutMs: number }>(bare, "stats");
    console.log(`  inside the bare broadcaster: fan-out to ${N} streams p50 ${bareStats.fanOutMs} ms`);
  } finally {
    bare?.kill("SIGKILL");
    app.kill("SIGTERM");
    await new Promise((r) => app.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (cLoaderBinary) fs.rmSync(cLoaderBinary, { force: true });
  }
  const mean = (k: keyof Result) =>
    Math.round(bareRuns.reduce((sum, r) => sum + (r[k] as number), 0) / bareRuns.length);
  const base: Result = {
    name: "bare node:http broadcaster (mean of 2)",
    first: mean("first"),
    p50: mean("p50"),
    p99: mean("p99"),
    max: mean("max"),
    delivered: Math.min(...bareRuns.map((r) => r.delivered)),
    rss: mean("rss"),
    connectMs: mean("connectMs"),
  };
  console.log(`  baseline runs: p99 ${bareRuns.map((r) => `${r.p99} ms`).join(" and ")}`);

  const cols = ["first", "p50", "p99", "max"] as const;
  const row = (r: Result) =>
    `${r.name.padEnd(46)}${cols.map((k) => `${r[k]} ms`.padStart(9)).join("")} ${`${(r.delivered * 100).toFixed(1)}%`.padStart(9)} ${mb(r.rss).padStart(9)}`;
  console.log(
    `\n${"".padEnd(46)}${cols.map((k) => k.padStart(9)).join("")} ${"delivered".padStart(9)} ${"RSS".padStart(9)}`,
  );
  console.log(row(base));
  console.log(row(ours));
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "n/a");
  console.log(
    `\nratio GulfPulse / bare: p50 ${ratio(ours.p50, base.p50)}×, p99 ${ratio(ours.p99, base.p99)}×, RSS ${ratio(ours.rss, base.rss)}×`,
  );
  console.log(
    "(first = median over ticks of the first client's latency: the tick pipeline before the fan-out)",
  );
  const checks = [
    [`p99 ≤ 100 ms`, ours.p99 <= 100],
    [`RSS ≤ 1.5 GB`, ours.rss <= 1.5 * 1024 ** 3],
    [`p99 within 2× of bare`, ours.p99 <= 2 * Math.max(base.p99, 1)],
    [`every tick reached every client`, ours.delivered >= 0.999],
  ] as const;
  for (const [label, ok] of checks) console.log(`${ok ? "✓" : "✗"} ${label}`);
  console.log(`(load average at the end: ${load()}; latency on a shared machine reflects its load)`);
}

const [role, a, b] = process.argv.slice(2);
if (role === "bare") bareServer(Number(a), Number(b));
else if (role === "clients") clients(Number(a), Number(b));
else
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
