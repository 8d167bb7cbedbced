/**
 * Compiles the server (server/main.ts and everything it imports from server/ and common/) into
 * plain JavaScript in BUILD_DIR/backend/, so production runs `node BUILD_DIR/backend/main.js`
 * without a TypeScript loader transpiling every module at run time. Part of `npm run build`.
 *
 * Packages stay external: node resolves them from node_modules as before, and a package the
 * server imports only when needed (`await import("…")`) is still loaded only then. Our own modules
 * are bundled; the ones imported dynamically become chunks of their own (code splitting) so they
 * stay out of memory until asked for. Nothing here lists modules: whatever server/main.ts reaches
 * is in.
 */
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const backendDir = (buildDir: string) => path.resolve(root, buildDir, "backend");

/**
 * `import.meta.url`, `.dirname` and `.filename` keep meaning the source file they are written in
 * (modules find files beside them: migrations, sample feeds, data), not the bundle they end up in.
 * The bundle refers to the source tree by a relative path, so the checkout can move as a whole.
 */
function sourceLocatedImportMeta(outdir: string): Plugin {
  return {
    name: "source-located-import-meta",
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await fs.promises.readFile(args.path, "utf8");
        if (!source.includes("import.meta.")) return undefined;
        const file = JSON.stringify(path.relative(outdir, args.path).split(path.sep).join("/"));
        const dir = JSON.stringify(
          `${path.relative(outdir, path.dirname(args.path)).split(path.sep).join("/")}/`,
        );
        const contents = source.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key: string) => {
          if (key === "url") return `new URL(${file}, import.meta.url).href`;
          const target = key === "dirname" ? dir : file;
          return `decodeURIComponent(new URL(${target}, import.meta.url).pathname).replace(/\\/$/, "")`;
        });
        const ext = path.extname(args.path).slice(1);
        const loader = ext.startsWith("ts") || ext.endsWith("ts") ? (ext.endsWith("x") ? "tsx" : "ts") : "js";
        return { contents, loader, resolveDir: path.dirname(args.path) };
      });
    },
  };
}

export async function buildServer(buildDir: string) {
  const outdir = backendDir(buildDir);
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: "server/main.ts" },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    packages: "external",
    tsconfig: "tsconfig.json",
    // Stack traces map back to the TypeScript when run with --enable-source-maps; without the flag
    // the maps cost nothing.
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
    // A dependency bundled in as CommonJS may still call require().
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    plugins: [sourceLocatedImportMeta(outdir)],
  });
  // What went into the bundle, per input file: for `npx esbuild --analyze`-style questions later.
  fs.writeFileSync(path.join(outdir, "meta.json"), JSON.stringify(result.metafile));
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outdir = await buildServer(process.env.BUILD_DIR ?? "build");
  const files = fs.readdirSync(outdir).filter((f) => f.endsWith(".js"));
  const bytes = files.reduce((sum, f) => sum + fs.statSync(path.join(outdir, f)).size, 0);
  console.log(
    `server compiled: ${path.relative(root, outdir)}/main.js (+${files.length - 1} chunks, ${(bytes / 1024).toFixed(0)} KB)`,
  );
}
