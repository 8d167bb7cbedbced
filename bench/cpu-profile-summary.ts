/**
 * Reads a V8 CPU profile (`node --cpu-prof`, or the inspector's Profiler.stop) and says where the
 * time went: self time by part of the stack (database engine, auth, React, i18n, serialization,
 * compression, our code…) and the heaviest functions.
 *
 *   npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [--top 25]
 *   npx tsx bench/cpu-profile-summary.ts --table <folder of .cpuprofile> <views per profile>
 *
 * Async work has no stack back to its caller in a profile, so the parts are by the code that ran
 * (a query's time shows under the database, not under the loader that awaited it).
 */
import fs from "node:fs";

export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The first rule whose test matches a frame's script URL (or name) names its part. */
const PARTS: Array<[string, (url: string, name: string) => boolean]> = [
  ["idle", (_u, n) => n === "(idle)"],
  ["garbage collection", (_u, n) => n === "(garbage collector)"],
  ["V8/Node (program)", (_u, n) => n === "(program)" || n === "(root)"],
  // Native frames have no script: zlib's binding is `write`, a socket's `writev`/`write*String`.
  ["compression (native zlib)", (u, n) => !u && (n === "write" || n === "writeSync")],
  ["socket writes (native)", (u, n) => !u && /^write(v|Buffer|\w+String)$/.test(n)],
  ["database: PGlite (WASM Postgres)", (u) => u.includes("@electric-sql/pglite") || u.startsWith("wasm://")],
  ["database: pg driver", (u) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-\w+)\//.test(u)],
  ["Drizzle ORM", (u) => u.includes("drizzle-orm")],
  ["session: Better Auth", (u) => /better-auth|better-call|@better-fetch|jose|@noble/.test(u)],
  ["i18n (i18next)", (u) => /i18next/.test(u)],
  ["React render (react-dom/server)", (u) => /react-dom|node_modules\/react\//.test(u)],
  ["React Router (routing, turbo-stream serialization)", (u) => /react-router/.test(u)],
  ["compression (gzip)", (u) => /node_modules\/compression\/|node:zlib/.test(u)],
  [
    "Express + middleware",
    (u) =>
      /node_modules\/(express|router|send|serve-static|body-parser|finalhandler|on-finished|accepts|negotiator|content-type|cookie)\//.test(
        u,
      ),
  ],
  ["metrics + logging", (u) => /prom-client|pino/.test(u)],
  ["zod", (u) => /node_modules\/zod\//.test(u)],
  ["app build: loaders + components", (u) => /\/server\/index\.js$|\/server\/assets\//.test(u)],
  [
    "our server code (services)",
    // From source (tsx) or compiled into BUILD_DIR/backend/ (what production runs).
    (u) =>
      /\/(server|common|backend)\/[^/]+/.test(u) && !/node_modules|\/server\/(index\.js|assets\/)/.test(u),
  ],
  ["tsx/esbuild loader", (u) => /node_modules\/(tsx|esbuild|get-tsconfig)\//.test(u)],
  ["Node streams/http/net (internal)", (u) => u.startsWith("node:")],
  ["other node_modules", (u) => u.includes("node_modules")],
  ["other", () => true],
];

export const partOf = (url: string, name: string) => PARTS.find(([, test]) => test(url, name))![0];

export interface Summary {
  totalMs: number;
  busyMs: number;
  parts: Array<{ part: string; ms: number }>;
  functions: Array<{ name: string; where: string; ms: number }>;
}

export function summarize(profile: CpuProfile): Summary {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const parts = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; ms: number }>();
  let totalMs = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    totalMs += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const part = partOf(url, functionName);
    parts.set(part, (parts.get(part) ?? 0) + ms);
    const where = `${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/\/work\/[^/]+\//, "")}:${lineNumber + 1}`;
    const key = `${functionName}@${where}`;
    const f = functions.get(key) ?? { name: functionName || "(anonymous)", where, ms: 0 };
    f.ms += ms;
    functions.set(key, f);
  }
  const idle = parts.get("idle") ?? 0;
  return {
    totalMs,
    busyMs: totalMs - idle,
    parts: [...parts].map(([part, ms]) => ({ part, ms })).sort((a, b) => b.ms - a.ms),
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms),
  };
}

/** The summary as text; per-request figures when the number of requests is given. */
export function formatSummary(s: Summary, { requests = 0, top = 20 } = {}) {
  const per = (ms: number) => (requests ? `${(ms / requests).toFixed(2).padStart(8)} ms/req` : "");
  const pc = (ms: number) => `${((100 * ms) / Math.max(s.busyMs, 1e-9)).toFixed(1).padStart(5)}%`;
  const lines = [`busy ${s.busyMs.toFixed(0)} ms of ${s.totalMs.toFixed(0)} ms profiled ${per(s.busyMs)}`];
  for (const { part, ms } of s.parts) {
    if (part === "idle") continue;
    lines.push(`  ${part.padEnd(52)}${ms.toFixed(0).padStart(7)} ms ${pc(ms)} ${per(ms)}`);
  }
  lines.push(`  heaviest functions (self time):`);
  for (const f of s.functions.filter((f) => f.name !== "(idle)").slice(0, top)) {
    lines.push(`  ${f.ms.toFixed(0).padStart(6)} ms ${pc(f.ms)}  ${f.name}  ${f.where.slice(-70)}`);
  }
  return lines.join("\n");
}

/** The parts a render's time is reported in (decision record 026), each a set of parts above. */
const BREAKDOWN: Array<[string, (part: string) => boolean]> = [
  ["database (engine + driver + Drizzle)", (p) => p.startsWith("database") || p === "Drizzle ORM"],
  ["session lookup (Better Auth)", (p) => p.startsWith("session")],
  ["React render", (p) => p.startsWith("React render")],
  ["React Router + turbo-stream serialization", (p) => p.startsWith("React Router")],
  ["i18n", (p) => p.startsWith("i18n")],
  ["compression", (p) => p.startsWith("compression")],
  ["HTTP, streams, sockets, Express", (p) => /^(Node streams|socket|Express)/.test(p)],
  ["loaders + components (app build)", (p) => p.startsWith("app build")],
  ["our services", (p) => p.startsWith("our server")],
  ["GC + V8 (program)", (p) => p === "garbage collection" || p.startsWith("V8")],
];

/** A Markdown table: milliseconds per view of each breakdown part, one column per profile. */
export function breakdownTable(profiles: Array<[string, CpuProfile]>, views: number) {
  const sums = profiles.map(([, p]) => summarize(p));
  const ms = (s: Summary, test: (part: string) => boolean) =>
    (s.parts.filter((p) => p.part !== "idle" && test(p.part)).reduce((n, p) => n + p.ms, 0) / views).toFixed(
      2,
    );
  const grouped = (part: string) => BREAKDOWN.some(([, test]) => test(part));
  return [
    `| ms of CPU per view | ${profiles.map(([name]) => name).join(" | ")} |`,
    `|---|${profiles.map(() => "---:").join("|")}|`,
    ...BREAKDOWN.map(([name, test]) => `| ${name} | ${sums.map((s) => ms(s, test)).join(" | ")} |`),
    `| other | ${sums.map((s) => ms(s, (p) => !grouped(p))).join(" | ")} |`,
    `| **busy, total** | ${sums.map((s) => (s.busyMs / views).toFixed(2)).join(" | ")} |`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, ...rest] = process.argv.slice(2);
  if (file === "--table") {
    const [dir, views] = rest;
    const names = fs
      .readdirSync(dir!)
      .filter((f) => f.endsWith(".cpuprofile"))
      .sort();
    const read = (f: string) => JSON.parse(fs.readFileSync(`${dir}/${f}`, "utf8")) as CpuProfile;
    console.log(
      breakdownTable(
        names.map((f) => [f.replace(".cpuprofile", ""), read(f)]),
        Number(views ?? 200),
      ),
    );
    process.exit(0);
  }
  if (!file) throw new Error("usage: tsx bench/cpu-profile-summary.ts <file.cpuprofile> [--top N]");
  const top = Number(rest[rest.indexOf("--top") + 1] ?? 20) || 20;
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  console.log(formatSummary(summarize(profile), { top }));
}
