/**
 * Where the time of a signed-in render goes: the production build (BUILD_DIR) on the embedded
 * database (or PostgreSQL with BENCH_DATABASE_URL), an account that has used the site
 * (bench/used-account.ts), then per page: the median server time of sequential views, and a CPU
 * profile of PROFILE_VIEWS views taken over the inspector, summarized by part of the stack.
 *
 *   npx tsx bench/render-profile.ts                 PROFILE_VIEWS=200 PROFILE_DIR=.tmp/profiles
 *   PROFILE_PAGES=/price-alerts npx tsx bench/render-profile.ts   (some pages only, comma-separated)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/render-profile.ts
 *
 * The .cpuprofile files stay in PROFILE_DIR (open them in Chrome DevTools' Performance panel).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CpuProfile, formatSummary, summarize } from "./cpu-profile-summary";
import { medianRenderTimes, SIGNED_IN_PAGES, timeView } from "./signed-in-renders";
import { freePort, historyBackfilled, loadAverage, serverEntry, spawnServer, waitHttp } from "./support";
import { usedAccount } from "./used-account";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const VIEWS = Number(process.env.PROFILE_VIEWS ?? 200);
const OUT = path.resolve(process.env.PROFILE_DIR ?? ".tmp/profiles");
const PG_URL = process.env.BENCH_DATABASE_URL;
const PAGES = process.env.PROFILE_PAGES?.split(",") ?? [...SIGNED_IN_PAGES];

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let id = 0;
  const pending = new Map<number, (result: any) => void>();
  ws.onmessage = (event) => {
    const msg = JSON.parse(String(event.data));
    pending.get(msg.id)?.(msg.result);
    pending.delete(msg.id);
  };
  const send = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

async function main() {
  if (!fs.existsSync(serverEntry(BUILD_DIR))) throw new Error(`no build in ${BUILD_DIR} (npm run build)`);
  fs.mkdirSync(OUT, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gp-render-profile-"));
  const port = await freePort();
  const inspectPort = await freePort();
  const app = spawnServer(
    BUILD_DIR,
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: PG_URL ?? "",
      // Required with a DATABASE_URL in production; the embedded database makes its own otherwise.
      AUTH_SECRET: PG_URL ? "bench-secret-bench-secret-bench-secret-1" : "",
      BUILD_DIR,
      LOG_LEVEL: "info",
      REQUIRE_EMAIL_VERIFICATION: "false",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      MARKET_TICK_MS: "5000",
    },
    "pipe",
    [`--inspect=127.0.0.1:${inspectPort}`],
  );
  const backfilled = historyBackfilled(app);
  app.stdout?.resume();
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitHttp(`${origin}/readyz`);
    // A first start writes a year of market history; the figures are of the site after it.
    await backfilled;
    const db = PG_URL ? "PostgreSQL" : "PGlite";
    const account = await usedAccount(origin, { email: `reader-${Date.now()}@example.com` });
    console.log(`signed-in renders on ${db}, ${os.cpus().length} CPUs, load ${loadAverage()}`);
    for (const { page, p50, p90 } of await medianRenderTimes(origin, account.cookie, { pages: PAGES })) {
      console.log(
        `  ${page.padEnd(18)} p50 ${p50.toFixed(1).padStart(6)} ms   p90 ${p90.toFixed(1).padStart(6)} ms`,
      );
    }
    const cdp = await inspector(inspectPort);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    for (const page of PAGES) {
      await cdp.send("Profiler.start");
      for (let i = 0; i < VIEWS; i++) await timeView(origin + page, account.cookie);
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
      const name = `${db.toLowerCase()}-${page.replace(/[^a-z]+/gi, "-").replace(/^-|-$/g, "") || "home"}`;
      fs.writeFileSync(path.join(OUT, `${name}.cpuprofile`), JSON.stringify(profile));
      console.log(
        `\n${page} (${VIEWS} sequential views, ${db}) → ${path.relative(process.cwd(), OUT)}/${name}.cpuprofile`,
      );
      console.log(formatSummary(summarize(profile), { requests: VIEWS, top: 15 }));
    }
    cdp.close();
    console.log(`\n(load average at the end: ${loadAverage()})`);
  } finally {
    const exited = new Promise((r) => app.once("exit", r));
    app.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
