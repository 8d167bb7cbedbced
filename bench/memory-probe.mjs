/**
 * Preloaded into a server under measurement (`node --expose-gc --import ./bench/memory-probe.mjs …`):
 * it counts the modules the process loads and, when its parent asks over IPC, collects garbage and
 * answers with the process's memory split. Plain JavaScript so it measures the production start
 * path without bringing a TypeScript loader along.
 *
 * Messages: { type: "memory-report" } → { type: "memory-report", rssBeforeGc, usage, heapSpaces,
 * modules: { total, byPackage } }; { type: "heap-snapshot", path } → { type: "heap-snapshot", path }.
 */
import fs from "node:fs";
import module from "node:module";
import v8 from "node:v8";

const loaded = new Map();

// A resolve hook sees every module whatever loader transpiles it (tsx registers async hooks); a
// load hook would be more direct but breaks CommonJS required from ES modules on Node 24.9.
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    if (!loaded.has(result.url)) loaded.set(result.url, fileSize(result.url));
    return result;
  },
});

function fileSize(url) {
  if (!url.startsWith("file:")) return 0;
  try {
    return fs.statSync(new URL(url)).size;
  } catch {
    return 0;
  }
}

/** "pkg" or "@scope/pkg" for a file in node_modules, the first two folders for the app's own. */
function owner(url) {
  if (url.startsWith("node:")) return "node:";
  const nm = url.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const parts = url.slice(nm + 14).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = url.replace(`file://${process.cwd()}/`, "").split("/");
  return rel.length > 2 ? rel.slice(0, 2).join("/") : rel[0];
}

function moduleSummary() {
  const byPackage = new Map();
  for (const [url, bytes] of loaded) {
    const key = owner(url);
    const entry = byPackage.get(key) ?? { modules: 0, bytes: 0 };
    entry.modules += 1;
    entry.bytes += bytes;
    byPackage.set(key, entry);
  }
  return {
    total: loaded.size,
    byPackage: [...byPackage].map(([name, e]) => ({ name, ...e })).sort((a, b) => b.bytes - a.bytes),
  };
}

process.on("message", (message) => {
  if (message?.type === "memory-report") {
    const rssBeforeGc = process.memoryUsage.rss();
    // A memory-reducing collection, as V8's memory reducer runs on its own some seconds after a
    // burst of allocation in a process that has gone quiet: it also returns the freed pages V8
    // keeps pooled, which a plain gc() leaves resident.
    globalThis.gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
    process.send?.({
      type: "memory-report",
      rssBeforeGc,
      usage: process.memoryUsage(),
      heapSpaces: v8
        .getHeapSpaceStatistics()
        .map((s) => ({ name: s.space_name, size: s.space_size, used: s.space_used_size })),
      modules: moduleSummary(),
    });
  } else if (message?.type === "heap-snapshot") {
    // Asked for after the report: writing a snapshot grows the process by about its heap.
    process.send?.({ type: "heap-snapshot", path: v8.writeHeapSnapshot(message.path) });
  }
});
// An IPC channel would keep the process alive after the server stops; the server decides.
process.channel?.unref();
