import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { EAGER_NAMESPACES } from "~/lib/i18n";

/**
 * A namespace's English catalog travels with the code that shows it: every module that reads a
 * namespace imports its registration (`import "~/locales/<namespace>"`, or `import()` of it
 * before a text shown later), so a page's JavaScript holds the texts of that page and not of
 * every page. The few namespaces the shell reads on every page (EAGER_NAMESPACES) load with
 * ~/lib/i18n. A module that forgets the import would show raw keys on a page reached first; this
 * test finds it before a reader does.
 */

const APP_DIR = join(import.meta.dirname, "..");
const LOCALES = join(APP_DIR, "locales");

const namespaces = readdirSync(join(LOCALES, "en"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -5))
  .filter((ns) => ns !== "mail"); // the server's mail templates import theirs directly

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The namespaces a module reads: useTranslation("ns"), getFixedT(lang, "ns"), { ns: "ns" }, "ns:key". */
function namespacesRead(source: string): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /useTranslation\(\s*"([a-z]+)"/g,
    /getFixedT\([^,()]+,\s*"([a-z]+)"/g,
    /\bns:\s*"([a-z]+)"/g,
    /["'`]([a-z]+):[a-zA-Z_]+\./g,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) if (namespaces.includes(match[1]!)) found.add(match[1]!);
  return found;
}

describe("message catalogs load with the code that reads them", () => {
  it("each module imports the registration of every namespace it reads", () => {
    const missing: string[] = [];
    for (const file of sourceFiles(APP_DIR)) {
      if (file.startsWith(LOCALES) || file.endsWith(join("lib", "i18n.ts"))) continue;
      const source = readFileSync(file, "utf8");
      for (const ns of namespacesRead(source)) {
        if (EAGER_NAMESPACES.includes(ns)) continue;
        const registers = [`import "~/locales/${ns}";`, `import("~/locales/${ns}")`];
        if (!registers.some((line) => source.includes(line)))
          missing.push(`${relative(APP_DIR, file)} reads "${ns}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every namespace has a registration module, and the shell's are few", () => {
    const modules = readdirSync(LOCALES).filter((file) => /^[a-z-]+\.ts$/.test(file));
    const lazy = namespaces.filter((ns) => !EAGER_NAMESPACES.includes(ns));
    expect(modules.map((file) => file.slice(0, -3)).sort()).toEqual(lazy.sort());
    expect(EAGER_NAMESPACES.length).toBeLessThanOrEqual(2);
  });
});
