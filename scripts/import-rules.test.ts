// The layering rules of the code base, checked on every unit-test run by reading each module's
// import declarations with Vite's parser (oxc; TypeScript 7's package has no JavaScript API):
//   - no runtime import cycle between modules of app/, server/ and common/ (a cycle makes the
//     evaluation order, and so whether a binding is initialised, depend on which module loads first);
//     type-only cycles are allowed only where listed below with the reason;
//   - common/ is shared by the browser and the server: it imports nothing from server/ or app/;
//   - the server's infrastructure (database, auth, caches, mail, realtime, jobs, HTTP, settings) imports no
//     feature: features depend on it, and the composition root (server/services.ts) joins them;
//     every other folder of server/ is a feature (a type registry, listed below, may name a
//     feature's types);
//   - a feature never imports the composition root: it takes exactly what it uses as dependencies;
//   - app/ modules that reach the browser, route modules included, import server/ only for types
//     (`import type`); value imports from server/ stay in `*.server.ts` modules and tests (a route's
//     loader and action reach the server through `~/lib/auth.server` and `~/lib/server/*`);
//   - no import climbs three folders (`../../../`): cross a layer with `#common/*`, `#server/*`,
//     `#scripts/*` or `~/`.
// Dynamic `import()` is lazy and never part of an evaluation cycle, so it is not an edge here.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const LAYERS = ["app", "server", "common"];
const CHECKED_FOR_CLIMBING = ["app", "server", "common", "scripts", "bench", "tests"];
const SKIP_DIRS = new Set(["node_modules", "migrations", "build", ".react-router"]);
/**
 * The server's infrastructure: features depend on it and it imports no feature. Every other
 * folder of server/ (but `testing/`) is a feature, so a new feature folder is checked the day it
 * appears; a new infrastructure folder must be added here.
 */
const INFRASTRUCTURE_DIRS = [
  "db",
  "auth",
  "cache",
  "mail",
  "realtime",
  "jobs",
  "http",
  "settings",
  "rate-limit",
];
const INFRASTRUCTURE_FILES = ["server/logger.ts", "server/config.ts", "server/markdown.ts"];
/** Folders of server/ that are neither: `testing/` builds the whole backend for tests. */
const NEITHER = ["testing"];
/**
 * Infrastructure modules that may import a feature's types (`import type` only, erased at
 * runtime), each with the reason.
 */
const TYPE_REGISTRIES: { module: string; reason: string }[] = [
  {
    module: "server/realtime/bus-topics.ts",
    reason: "the bus's map of every topic to its payload: the one place to read what crosses processes",
  },
  {
    module: "server/cache/shared-reads.ts",
    reason:
      "which page reads every reader shares and which writes announce a change of them: it wraps the services the composition root hands it and imports no feature's code",
  },
];

type Layers = { infrastructure: string[]; features: string[] };

/** Infrastructure and features as path prefixes, from the names of server/'s folders. */
function layersOf(serverFolders: string[]): Layers {
  return {
    infrastructure: [...INFRASTRUCTURE_DIRS.map((d) => `server/${d}/`), ...INFRASTRUCTURE_FILES],
    features: serverFolders
      .filter((d) => !INFRASTRUCTURE_DIRS.includes(d) && !NEITHER.includes(d))
      .map((d) => `server/${d}/`),
  };
}

const serverFolders = () =>
  readdirSync(path.join(root, "server")).filter((name) =>
    statSync(path.join(root, "server", name)).isDirectory(),
  );

/**
 * Type-only cycles that are allowed, each as the sorted list of its modules (paths from the
 * repository root) with the reason it is acceptable. Keep this list short: a type cycle still
 * couples two modules' shapes.
 */
const ALLOWED_TYPE_CYCLES: { modules: string[]; reason: string }[] = [];

type Edge = { from: string; to: string; specifier: string; typeOnly: boolean };

function listSources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      if (SKIP_DIRS.has(name) || name.startsWith("build-")) continue;
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

const ALIASES: [string, string][] = [
  ["#common/", "common/"],
  ["#server/", "server/"],
  ["#scripts/", "scripts/"],
  ["~/", "app/"],
];

function resolveSpecifier(fromFile: string, specifier: string): string | null {
  let base: string | null = null;
  for (const [alias, target] of ALIASES) {
    if (specifier.startsWith(alias)) base = path.join(root, target, specifier.slice(alias.length));
  }
  if (!base && specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  if (!base) return null; // a package
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
    base.replace(/\.js$/, ".ts"),
    base.replace(/\.js$/, ".tsx"),
  ];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return path.relative(root, c);
  return null;
}

type Specifier = { importKind?: string; exportKind?: string };
type Statement = {
  type: string;
  importKind?: string;
  exportKind?: string;
  source?: { value: string } | null;
  specifiers?: Specifier[];
};

/** A declaration that imports only types is erased from the JavaScript: no runtime edge. */
function isTypeOnly(statement: Statement): boolean {
  if (statement.importKind === "type" || statement.exportKind === "type") return true;
  const specifiers = statement.specifiers ?? [];
  // `import "x"` (no specifiers) runs x; `import { type A } from "x"` is erased
  return specifiers.length > 0 && specifiers.every((s) => (s.importKind ?? s.exportKind) === "type");
}

function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const result = parseSync(file, readFileSync(file, "utf8"), { lang: file.endsWith(".tsx") ? "tsx" : "ts" });
  if (result.errors.length) throw new Error(`${file}: ${result.errors[0].message}`);
  const out: { specifier: string; typeOnly: boolean }[] = [];
  for (const statement of result.program.body as Statement[]) {
    const declaresImport =
      statement.type === "ImportDeclaration" ||
      statement.type === "ExportAllDeclaration" ||
      statement.type === "ExportNamedDeclaration";
    if (declaresImport && statement.source) {
      out.push({ specifier: statement.source.value, typeOnly: isTypeOnly(statement) });
    }
  }
  return out;
}

function collectEdges(dirs: string[]): Edge[] {
  const edges: Edge[] = [];
  for (const dir of dirs) {
    for (const file of listSources(path.join(root, dir))) {
      const from = path.relative(root, file);
      for (const { specifier, typeOnly } of importsOf(file)) {
        const to = resolveSpecifier(file, specifier);
        edges.push({ from, to: to ?? specifier, specifier, typeOnly });
      }
    }
  }
  return edges;
}

/** Strongly connected components with more than one module (Tarjan), each as a sorted list. */
function cycles(edges: Edge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const e of edges) {
    if (!graph.has(e.from)) graph.set(e.from, []);
    graph.get(e.from)!.push(e.to);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

/** One concrete loop through a component, for the failure message: a -> b -> ... -> a. */
function loopIn(component: string[], edges: Edge[]): string {
  const members = new Set(component);
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (members.has(e.from) && members.has(e.to)) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const start = component[0];
  // breadth-first search for the shortest path back to start
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (w === start) {
        const path = [start];
        for (let at: string | undefined = v; at && at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start].join(" -> ");
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.join(", ");
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith("app/testing/");
const isServerOnlyAppModule = (file: string) =>
  /\.server\.tsx?$/.test(file) || file.includes("/.server/") || isTest(file);

/** Imports from the infrastructure into a feature (a type registry's type-only imports excepted). */
function infrastructureImportingFeatures(edges: Edge[], layers: Layers): string[] {
  const within = (file: string, prefixes: string[]) => prefixes.some((p) => file.startsWith(p));
  return edges
    .filter((e) => within(e.from, layers.infrastructure) && within(e.to, layers.features))
    .filter((e) => !(e.typeOnly && TYPE_REGISTRIES.some((r) => r.module === e.from)))
    .map((e) => `${e.from} imports ${e.specifier}`);
}

/** Imports of the composition root from a feature (its test helpers excepted). */
function featuresImportingTheRoot(edges: Edge[], layers: Layers): string[] {
  return edges
    .filter(
      (e) =>
        layers.features.some((p) => e.from.startsWith(p)) &&
        !e.from.includes("/testing/") &&
        e.to === "server/services.ts",
    )
    .map((e) => `${e.from} imports ${e.specifier}`);
}

describe("import rules", () => {
  const edges = collectEdges(LAYERS).filter((e) => !isTest(e.from));
  const internal = edges.filter((e) => LAYERS.some((layer) => e.to.startsWith(`${layer}/`)));

  it("no runtime import cycle between app/, server/ and common/ modules", () => {
    const runtime = internal.filter((e) => !e.typeOnly);
    const found = cycles(runtime).map((c) => loopIn(c, runtime));
    expect(found, "runtime import cycles (break them: move the shared piece down a layer)").toEqual([]);
  });

  it("type-only import cycles only where listed with a reason", () => {
    const allowed = new Set(ALLOWED_TYPE_CYCLES.map((c) => [...c.modules].sort().join(",")));
    const found = cycles(internal)
      .filter((c) => !allowed.has(c.join(",")))
      .map((c) => loopIn(c, internal));
    expect(
      found,
      "import cycles through type-only imports that are not listed in ALLOWED_TYPE_CYCLES",
    ).toEqual([]);
  });

  it("common/ imports nothing from server/ or app/", () => {
    const bad = edges
      .filter((e) => e.from.startsWith("common/") && (e.to.startsWith("server/") || e.to.startsWith("app/")))
      .map((e) => `${e.from} imports ${e.specifier}`);
    expect(bad).toEqual([]);
  });

  it("the server's infrastructure imports no feature", () => {
    expect(infrastructureImportingFeatures(edges, layersOf(serverFolders()))).toEqual([]);
  });

  it("no feature imports the composition root (server/services.ts)", () => {
    expect(featuresImportingTheRoot(edges, layersOf(serverFolders()))).toEqual([]);
  });

  it("app/ modules that reach the browser import server/ only for types", () => {
    const bad = edges
      .filter(
        (e) =>
          e.from.startsWith("app/") &&
          !isServerOnlyAppModule(e.from) &&
          e.to.startsWith("server/") &&
          !e.typeOnly,
      )
      .map((e) => `${e.from} imports a value from ${e.specifier}`);
    expect(bad).toEqual([]);
  });

  it("every feature has the same entry files: service.ts (its factory) and types.ts, no index.ts", () => {
    const bad = layersOf(serverFolders()).features.flatMap((dir) => {
      const has = (name: string) => existsSync(path.join(root, dir, name));
      return [
        ...(has("service.ts") ? [] : [`${dir} has no service.ts`]),
        ...(has("types.ts") ? [] : [`${dir} has no types.ts`]),
        ...(has("index.ts") ? [`${dir} has an index.ts`] : []),
      ];
    });
    expect(bad).toEqual([]);
  });

  it("no import climbs three folders (../../../)", () => {
    const bad = collectEdges(CHECKED_FOR_CLIMBING)
      .filter((e) => e.specifier.includes("../../../"))
      .map((e) => `${e.from} imports ${e.specifier}`);
    expect(bad).toEqual([]);
  });
});

describe("the layer rules' feature list", () => {
  it("is every folder of server/ that is not infrastructure", () => {
    const { features } = layersOf(serverFolders());
    expect(features).toEqual(
      expect.arrayContaining(["server/watchlists/", "server/push/", "server/delivery/"]),
    );
    expect(features).not.toContain("server/realtime/");
    expect(features).not.toContain("server/testing/");
  });

  it("checks a feature folder the day it appears", () => {
    // A new folder, server/portfolios/, with the infrastructure reaching into it and it into the root.
    const layers = layersOf([...serverFolders(), "portfolios"]);
    const planted: Edge[] = [
      {
        from: "server/realtime/sse-hub.ts",
        to: "server/portfolios/service.ts",
        specifier: "#server/portfolios/service",
        typeOnly: false,
      },
      {
        from: "server/realtime/bus-topics.ts",
        to: "server/portfolios/types.ts",
        specifier: "#server/portfolios/types",
        typeOnly: false,
      },
      {
        from: "server/portfolios/service.ts",
        to: "server/services.ts",
        specifier: "../services",
        typeOnly: true,
      },
      {
        from: "server/realtime/bus-topics.ts",
        to: "server/portfolios/types.ts",
        specifier: "#server/portfolios/types",
        typeOnly: true,
      },
    ];
    expect(infrastructureImportingFeatures(planted, layers)).toEqual([
      "server/realtime/sse-hub.ts imports #server/portfolios/service",
      "server/realtime/bus-topics.ts imports #server/portfolios/types",
    ]);
    expect(featuresImportingTheRoot(planted, layers)).toEqual([
      "server/portfolios/service.ts imports ../services",
    ]);
  });
});
