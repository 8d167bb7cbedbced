/**
 * Summarises a V8 heap snapshot (a .heapsnapshot file) by what holds the bytes: the self size of
 * every node grouped by its type and constructor name, largest first, and the biggest single
 * objects (strings, arrays, code) with their first retainer's name. Enough to tell "source code
 * and compiled functions" from "data we keep" without opening DevTools.
 *
 *   npx tsx bench/heap-summary.ts FILE.heapsnapshot [TOP=25]
 */
import fs from "node:fs";

type Snapshot = {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
};

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: npx tsx bench/heap-summary.ts FILE.heapsnapshot [TOP]");
  process.exit(2);
}
const top = Number(topArg ?? 25);
const snap = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
const { node_fields, node_types, edge_fields, edge_types } = snap.snapshot.meta;
const N = node_fields.length;
const E = edge_fields.length;
const typeNames = node_types[0];
const edgeTypeNames = edge_types[0];
const f = (name: string) => node_fields.indexOf(name);
const [iType, iName, iSize, iEdges] = [f("type"), f("name"), f("self_size"), f("edge_count")];
const [eType, eName, eTo] = [
  edge_fields.indexOf("type"),
  edge_fields.indexOf("name_or_index"),
  edge_fields.indexOf("to_node"),
];

const nodeCount = snap.nodes.length / N;
const label = (n: number) => {
  const type = typeNames[snap.nodes[n * N + iType]!]!;
  const name = snap.strings[snap.nodes[n * N + iName]!]!;
  // Strings and code are named by their content: group them by type instead.
  if (type === "object" || type === "native" || type === "closure") return `${type} ${name}`;
  if (type === "hidden" || type === "synthetic") return `${type} ${name.slice(0, 40)}`;
  return type;
};

// First retainer of each node, for the biggest-objects list.
const retainer = new Int32Array(nodeCount).fill(-1);
const retainerEdge = new Array<string>(nodeCount);
for (let n = 0, e = 0; n < nodeCount; n++) {
  const count = snap.nodes[n * N + iEdges]!;
  for (let k = 0; k < count; k++, e += E) {
    const to = snap.edges[e + eTo]! / N;
    if (retainer[to] !== -1) continue;
    const kind = edgeTypeNames[snap.edges[e + eType]!]!;
    if (kind === "weak") continue;
    retainer[to] = n;
    const nameOrIndex = snap.edges[e + eName]!;
    retainerEdge[to] =
      kind === "element" || kind === "hidden" ? `[${nameOrIndex}]` : String(snap.strings[nameOrIndex]);
  }
}

const groups = new Map<string, { count: number; bytes: number }>();
let total = 0;
const big: { n: number; size: number }[] = [];
for (let n = 0; n < nodeCount; n++) {
  const size = snap.nodes[n * N + iSize]!;
  total += size;
  const key = label(n);
  const g = groups.get(key) ?? { count: 0, bytes: 0 };
  g.count++;
  g.bytes += size;
  groups.set(key, g);
  if (size >= 256 * 1024) big.push({ n, size });
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
console.log(`${file}: ${nodeCount} nodes, ${mb(total)} self size in all`);
console.log("\nby type and constructor:");
for (const [key, g] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top))
  console.log(`  ${mb(g.bytes).padStart(10)} ${String(g.count).padStart(9)}  ${key}`);
console.log("\nobjects of 256 KB or more (retained via):");
for (const { n, size } of big.sort((a, b) => b.size - a.size).slice(0, top)) {
  const r = retainer[n]!;
  const via = r >= 0 ? `${label(r)} .${retainerEdge[n]}` : "(root)";
  console.log(`  ${mb(size).padStart(10)}  ${label(n).slice(0, 60)}  ← ${via.slice(0, 80)}`);
}
