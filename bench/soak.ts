/**
 * npm run bench:soak — steady mixed traffic against one GulfPulse process (production build,
 * embedded PGlite in a fresh folder unless DATABASE_URL is set, simulator ticking every second):
 * pages, JSON API, the chat on its offline engine, and SOAK_SSE_CLIENTS open event streams, for
 * SOAK_MINUTES. Each minute it prints throughput, errors, latency percentiles and the server's
 * resident memory; at the end ✓/✗ for 0 errors and memory growth ≤ 10% after the warm-up.
 *
 *   SOAK_MINUTES=10  SOAK_WARMUP_MINUTES=2  SOAK_RPS=40  SOAK_SSE_CLIENTS=2000  BUILD_DIR=build
 *
 * The app, the traffic and the SSE clients are separate processes (ulimit -n raised through a
 * shell). All traffic comes from 127.0.0.1, so the app runs with the chat's per-IP limit lifted.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, mb, nextMessage, pct, root, rssOf, spawnNode, spawnServer } from "./support";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WARMUP = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(2, Math.max(0, MINUTES - 1)));
const RPS = Number(process.env.SOAK_RPS ?? 40);
const SSE_CLIENTS = Number(process.env.SOAK_SSE_CLIENTS ?? 2_000);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
/** Length of one report row (a minute; shorter only to try the script out). */
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? 60);
/** Requests in flight at most; beyond it a due request is counted as shed, not sent. */
const MAX_IN_FLIGHT = 64;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mix: weight, method, path (and body for POST). Weights are relative. */
const MIX: Array<{ weight: number; name: string; path: string; body?: unknown }> = [
  { weight: 12, name: "page /", path: "/" },
  { weight: 6, name: "page /live-markets", path: "/live-markets" },
  { weight: 6, name: "page /markets/BTC", path: "/markets/BTC" },
  { weight: 5, name: "page /news/breaking", path: "/news/breaking" },
  { weight: 4, name: "page /news-analytics", path: "/news-analytics" },
  { weight: 4, name: "page /search", path: "/search?q=oil" },
  { weight: 3, name: "page /brokers/recommended", path: "/brokers/recommended" },
  { weight: 3, name: "page /about", path: "/about" },
  { weight: 15, name: "api /api/market", path: "/api/market" },
  { weight: 6, name: "api history", path: "/api/market/BTC/history?range=1D" },
  { weight: 4, name: "api /healthz", path: "/healthz" },
  { weight: 6, name: "chat (offline)", path: "/api/chat", body: { message: "What is the price of BTC?" } },
];

// ---------------------------------------------------------------------------------------------
// Child roles
// ---------------------------------------------------------------------------------------------

interface MinuteStats {
  sent: number;
  ok: number;
  errors: number;
  shed: number;
  latencies: number[];
  errorSamples: string[];
}

/** Open-loop traffic: one request every 1000/RPS ms, whatever the previous ones are doing. */
function traffic(base: string) {
  const total = MIX.reduce((n, m) => n + m.weight, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const m of MIX) {
      r -= m.weight;
      if (r < 0) return m;
    }
    return MIX[0]!;
  };
  const fresh = (): MinuteStats => ({ sent: 0, ok: 0, errors: 0, shed: 0, latencies: [], errorSamples: [] });
  let stats = fresh();
  let inFlight = 0;
  async function one() {
    const m = pick();
    stats.sent++;
    inFlight++;
    const started = performance.now();
    const s = stats;
    try {
      const res = await fetch(`${base}${m.path}`, {
        method: m.body ? "POST" : "GET",
        headers: m.body ? { "content-type": "application/json" } : {},
        body: m.body ? JSON.stringify(m.body) : undefined,
        redirect: "manual",
      });
      // The whole body counts: for the chat it is the streamed reply.
      const text = await res.text();
      if (res.status >= 400 || (m.body && !text.includes('"type":"done"'))) {
        s.errors++;
        if (s.errorSamples.length < 5) s.errorSamples.push(`${m.name}: ${res.status} ${text.slice(0, 120)}`);
      } else {
        s.ok++;
        s.latencies.push(performance.now() - started);
      }
    } catch (err) {
      s.errors++;
      if (s.errorSamples.length < 5) s.errorSamples.push(`${m.name}: ${(err as Error).message}`);
    } finally {
      inFlight--;
    }
  }
  const every = 1000 / RPS;
  let next = performance.now();
  const tick = () => {
    const now = performance.now();
    while (next <= now) {
      next += every;
      if (inFlight >= MAX_IN_FLIGHT) stats.shed++;
      else void one();
    }
    setTimeout(tick, Math.max(0, next - performance.now()));
  };
  tick();
  process.on("message", (m: { type: string }) => {
    if (m.type !== "minute") return;
    const s = stats;
    stats = fresh();
    process.send?.({ type: "minute", ...s });
  });
}

/** n raw SSE connections: counts events and connections lost (each one is an error). */
function sseClients(port: number, n: number) {
  let open = 0;
  let lost = 0;
  let events = 0;
  const request = Buffer.from(
    "GET /api/stream HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n",
  );
  function connect() {
    return new Promise<void>((resolve) => {
      let up = false;
      const socket = net.connect({ port, host: "127.0.0.1" }, () => socket.write(request));
      socket.on("data", (chunk: Buffer) => {
        if (!up) {
          up = true;
          open++;
          resolve();
        }
        // Count event frames without parsing them (the loader must stay cheap).
        for (let i = chunk.indexOf("event: "); i >= 0; i = chunk.indexOf("event: ", i + 7)) events++;
      });
      const down = () => {
        if (up) {
          up = false;
          open--;
          lost++;
        } else resolve();
      };
      socket.on("error", down);
      socket.on("close", down);
    });
  }
  (async () => {
    for (let i = 0; i < n; i += 200) await Promise.all(Array.from({ length: Math.min(200, n - i) }, connect));
    process.send?.({ type: "connected", open });
  })();
  process.on("message", (m: { type: string }) => {
    if (m.type !== "minute") return;
    process.send?.({ type: "minute", open, lost, events });
    events = 0;
  });
}

// ---------------------------------------------------------------------------------------------
// Orchestrator
// ---------------------------------------------------------------------------------------------

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : "-");

async function orchestrate() {
  if (!fs.existsSync(path.join(root, BUILD_DIR, "server/index.js"))) {
    console.error(`No production build in ${BUILD_DIR}/: run npm run build first.`);
    process.exit(1);
  }
  const port = Number(process.env.SOAK_PORT ?? (await freePort()));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gulfpulse-soak-"));
  const base = `http://127.0.0.1:${port}`;
  const app = spawnServer(
    BUILD_DIR,
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR,
      DATA_DIR: path.join(dataDir, "db"),
      MARKET_TICK_MS: "1000",
      LOG_LEVEL: "warn",
      CHAT_RATE_LIMIT_PER_IP: "1000000",
      // Every SSE client connects from this loopback address.
      SSE_MAX_STREAMS_PER_ADDRESS: "1000000",
      AI_BASE_URL: "",
      AI_API_KEY: "",
    },
    "ignore",
  );
  const children: ChildProcess[] = [app];
  const cleanup = () => {
    for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", cleanup);
  process.on("SIGINT", () => process.exit(130));
  let appExited = false;
  app.on("exit", () => (appExited = true));

  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (appExited || Date.now() > deadline) throw new Error("the app did not start");
    await sleep(250);
  }
  console.log(
    `bench:soak — ${MINUTES} min (warm-up ${WARMUP}), ${RPS} req/s mixed, ${SSE_CLIENTS} SSE clients, ` +
      `${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, ${os.availableParallelism()} CPUs`,
  );

  const sse = spawnNode(["bench/soak.ts", "sse", String(port), String(SSE_CLIENTS)], {});
  children.push(sse);
  const connected = await nextMessage<{ open: number }>(sse, "connected", 120_000);
  console.log(`  ${connected.open} of ${SSE_CLIENTS} SSE clients connected`);
  const load = spawnNode(["bench/soak.ts", "traffic", base], {});
  children.push(load);

  const rows: Array<{
    minute: number;
    rps: number;
    errors: number;
    p50: number;
    p95: number;
    p99: number;
    rss: number;
    open: number;
    lost: number;
  }> = [];
  const samples: string[] = [];
  let lostTotal = 0;
  console.log("  min   req/s  errors  shed    p50     p95     p99    RSS      SSE open  lost  events");
  for (let minute = 1; minute <= MINUTES; minute++) {
    await sleep(SAMPLE_S * 1000);
    if (appExited) throw new Error("the app exited during the soak");
    const [t, s] = await Promise.all([
      nextMessage<MinuteStats>(load, "minute").then(
        (x) => x,
        () => null,
      ),
      nextMessage<{ open: number; lost: number; events: number }>(sse, "minute"),
      Promise.resolve(load.send({ type: "minute" })),
      Promise.resolve(sse.send({ type: "minute" })),
    ]);
    const st = t ?? {
      sent: 0,
      ok: 0,
      errors: 1,
      shed: 0,
      latencies: [],
      errorSamples: ["traffic process silent"],
    };
    const lat = st.latencies.sort((a, b) => a - b);
    const { rss } = rssOf(app.pid!);
    const newLost = s.lost - lostTotal;
    lostTotal = s.lost;
    const row = {
      minute,
      rps: st.ok / SAMPLE_S,
      errors: st.errors + newLost,
      p50: pct(lat, 50),
      p95: pct(lat, 95),
      p99: pct(lat, 99),
      rss,
      open: s.open,
      lost: newLost,
    };
    rows.push(row);
    samples.push(...st.errorSamples);
    console.log(
      `  ${String(minute).padStart(3)} ${row.rps.toFixed(1).padStart(7)} ${String(row.errors).padStart(7)} ${String(st.shed).padStart(5)} ` +
        `${ms(row.p50).padStart(7)} ${ms(row.p95).padStart(7)} ${ms(row.p99).padStart(7)} ${mb(rss).padStart(7)} ` +
        `${String(s.open).padStart(9)} ${String(newLost).padStart(5)} ${String(s.events).padStart(8)}`,
    );
  }

  const errors = rows.reduce((n, r) => n + r.errors, 0);
  const warm = rows[Math.max(0, WARMUP - 1)]!;
  const last = rows.at(-1)!;
  const growth = (last.rss - warm.rss) / warm.rss;
  const firstAfter = rows[Math.min(rows.length - 1, WARMUP)]!;
  console.log("");
  console.log(
    `  throughput ${(rows.reduce((n, r) => n + r.rps, 0) / rows.length).toFixed(1)} req/s; ` +
      `last minute p50 ${ms(last.p50)} p99 ${ms(last.p99)} (x${(last.p50 / firstAfter.p50).toFixed(2)} / ` +
      `x${(last.p99 / firstAfter.p99).toFixed(2)} of the first minute after warm-up)`,
  );
  console.log(`  ${errors === 0 ? "✓" : "✗"} errors: ${errors}`);
  for (const s of samples.slice(0, 10)) console.log(`      ${s}`);
  console.log(
    `  ${growth <= 0.1 ? "✓" : "✗"} memory after warm-up: ${mb(warm.rss)} -> ${mb(last.rss)} ` +
      `(${(growth * 100).toFixed(1)}%, limit 10%)`,
  );
  app.kill("SIGTERM");
  await new Promise((r) => app.once("exit", r));
  process.exit(errors === 0 && growth <= 0.1 ? 0 : 1);
}

const [role, ...args] = process.argv.slice(2);
if (role === "traffic") traffic(args[0]!);
else if (role === "sse") sseClients(Number(args[0]), Number(args[1]));
else await orchestrate();
