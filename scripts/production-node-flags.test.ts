import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTION_NODE_FLAGS } from "./production-node-flags";

const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

describe("production node flags", () => {
  it.each(["start", "serve"])("npm run %s starts the compiled server with them", (script) => {
    const command = pkg.scripts[script]!;
    expect(command).toMatch(/node (\S+ )*\$\{BUILD_DIR:-build\}\/backend\/main\.js/);
    expect(command).toContain(`node ${PRODUCTION_NODE_FLAGS.join(" ")} `);
  });
});
