/**
 * Time to first token: POST /api/chat on a production app server (AI SDK, tools, system prompt
 * with the market snapshot, rate limiter, React Router) against calling the same
 * OpenAI-compatible stub directly, in the same run. Target: at most 15 ms added at p50.
 *
 *   npm run bench:chat            (builds into BUILD_DIR, default build-bench-chat, if needed)
 *   BENCH_N=400 npm run bench:chat
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./support";

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 30;
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench-chat";
const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("tsx", args, {
      env: { ...process.env, MARKET_PROVIDER: "simulator", CALENDAR_SOURCE: "schedule", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const m = out.match(ready);
      if (m) resolve(m[1]!.replace("localhost", "127.0.0.1"));
    });
    child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
  });
}

/** Reads the stream; returns when (performance.now()) its first token arrived. */
async function firstTokenAt(
  res: Response,
  isToken: (text: string) => boolean,
): Promise<{ at: number; seen: string }> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  let at = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += value;
    if (!at && isToken(seen)) at = performance.now();
  }
  // The rest is read too, so each request finishes like a real one and its connection is reused.
  if (!at) throw new Error(`stream ended without a token: ${seen.slice(0, 300)}`);
  return { at, seen };
}

const DIRECT_TOKEN = /"delta":\{"content":"[^"]/;
const ENDPOINT_TOKEN = /"type":"text"/;

async function timeDirect(stubUrl: string) {
  const t0 = performance.now();
  const res = await fetch(`${stubUrl}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer sk-bench" },
    body: JSON.stringify({
      model: "stub-model",
      stream: true,
      messages: [
        { role: "system", content: "You are a Gulf market trading assistant." },
        { role: "user", content: "How are Gulf markets today?" },
      ],
    }),
  });
  return (await firstTokenAt(res, (s) => DIRECT_TOKEN.test(s))).at - t0;
}

interface Session {
  cookie: string;
  conversationId: string | null;
}

/** A signed-in user (verification is off on the bench server) whose conversation keeps growing. */
async function signIn(appUrl: string): Promise<Session> {
  const body = JSON.stringify({ email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  const headers = { "Content-Type": "application/json", Origin: appUrl };
  await fetch(`${appUrl}/api/auth/sign-up/email`, { method: "POST", headers, body });
  const res = await fetch(`${appUrl}/api/auth/sign-in/email`, { method: "POST", headers, body });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { cookie, conversationId: null };
}

async function timeEndpoint(appUrl: string, session?: Session) {
  const t0 = performance.now();
  const res = await fetch(`${appUrl}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(session ? { Cookie: session.cookie } : {}) },
    body: JSON.stringify({ message: "How are Gulf markets today?", conversationId: session?.conversationId }),
  });
  if (!res.ok) throw new Error(`POST /api/chat: ${res.status} ${await res.text()}`);
  const { at, seen } = await firstTokenAt(res, (s) => ENDPOINT_TOKEN.test(s));
  if (session && !session.conversationId) {
    session.conversationId = seen.match(/"conversation":\{"id":"([^"]+)"/)?.[1] ?? null;
  }
  return at - t0;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    console.log(`Building into ${BUILD_DIR}...`);
    const built = spawnSync("npm", ["run", "build"], {
      env: { ...process.env, BUILD_DIR },
      stdio: "inherit",
    });
    if (built.status !== 0) throw new Error("build failed");
  }
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gulfpulse-bench-chat-"));
  const stubUrl = await start(["server/chat/testing/openai-stub.ts", "0"], {}, /listening at (\S+)/);
  const appUrl = await start(
    ["server/main.ts"],
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      BUILD_DIR,
      LOG_LEVEL: "warn",
      RSS_POLL_MINUTES: "60",
      AI_BASE_URL: stubUrl,
      AI_API_KEY: "sk-bench",
      AI_MODEL: "stub-model",
      CHAT_RATE_LIMIT_PER_IP: "1000000",
      CHAT_RATE_LIMIT_PER_USER: "1000000",
      REQUIRE_EMAIL_VERIFICATION: "false",
    },
    /running at (\S+)/,
  );

  const session = await signIn(appUrl);
  for (let i = 0; i < WARMUP; i++) {
    await timeDirect(stubUrl);
    await timeEndpoint(appUrl);
    await timeEndpoint(appUrl, session);
  }
  const direct: number[] = [];
  const endpoint: number[] = [];
  const signedIn: number[] = [];
  // Interleaved, so drift on this shared machine hits every path alike.
  for (let i = 0; i < N; i++) {
    direct.push(await timeDirect(stubUrl));
    endpoint.push(await timeEndpoint(appUrl));
    signedIn.push(await timeEndpoint(appUrl, session));
  }

  const row = (name: string, xs: number[]) =>
    `${name.padEnd(40)} ${[pct(xs, 50), pct(xs, 90), pct(xs, 99), mean(xs)].map((v) => v.toFixed(2).padStart(8)).join(" ")}`;
  console.log(`\nTime to first token, ms (N=${N} each, interleaved, after ${WARMUP} warm-up rounds)`);
  console.log(`${"".padEnd(40)} ${["p50", "p90", "p99", "mean"].map((h) => h.padStart(8)).join(" ")}`);
  console.log(row("stub directly (baseline)", direct));
  console.log(row("POST /api/chat, anonymous", endpoint));
  console.log(row("POST /api/chat, signed in (DB history)", signedIn));
  for (const [name, xs] of [
    ["anonymous", endpoint],
    ["signed in", signedIn],
  ] as const) {
    const added = pct(xs, 50) - pct(direct, 50);
    console.log(
      `added at p50, ${name}: ${added.toFixed(2)} ms (target <= 15 ms: ${added <= 15 ? "met" : "NOT met"}); ` +
        `ratio to baseline p50: ${(pct(xs, 50) / pct(direct, 50)).toFixed(2)}x`,
    );
  }
}

let dataDir = "";
main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all(
      children
        .filter((child) => child.exitCode === null)
        .map((child) => {
          const exited = new Promise((r) => child.once("exit", r));
          child.kill("SIGTERM");
          return exited;
        }),
    );
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
