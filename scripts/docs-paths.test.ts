// The documentation names the files that implement its rules (`server/cache/page-cache.ts`); a
// file that moved or was renamed leaves a reader with a dead end. Every repository path quoted in
// backticks in docs/ and the README must exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const QUOTED_PATH =
  /`((?:server|app|common|scripts|tests|bench)\/[A-Za-z0-9_./$[\]-]+\.(?:ts|tsx|md|txt|json|csv))`/g;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

it("every file path the docs quote exists", () => {
  const missing: string[] = [];
  for (const file of [...markdownFiles(path.join(root, "docs")), path.join(root, "README.md")]) {
    for (const [, quoted] of readFileSync(file, "utf8").matchAll(QUOTED_PATH)) {
      if (!existsSync(path.join(root, quoted))) missing.push(`${path.relative(root, file)}: ${quoted}`);
    }
  }
  expect(missing).toEqual([]);
});
