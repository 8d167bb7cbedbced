/**
 * The flags production starts node with: `npm start` and `npm run serve` (package.json, which
 * repeats them: a test keeps the two in step), the e2e server, the process test and the benchmarks.
 *
 * V8 sizes the young generation from the heap limit, and on a machine with several gigabytes it
 * lets it grow to 64 MB per semi-space. A burst of allocation (a first start's history backfill,
 * a news import) grows it there and it is never given back: 128 MB of resident memory an idle
 * process does not use. 16 MB per semi-space was V8's own cap for years (decision 024).
 */
export const PRODUCTION_NODE_FLAGS = ["--max-semi-space-size=16"];

/** The compiled server `npm run build` writes into buildDir, which production runs. */
export const serverEntry = (buildDir: string) => `${buildDir}/backend/main.js`;
