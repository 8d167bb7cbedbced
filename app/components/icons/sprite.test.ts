import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSprite, importedIconNames, MODULE_FILE, SPRITE_FILE } from "#scripts/icon-sprite";

// The build replaces "lucide-react" with the generated module (vite.config.ts): an icon imported
// without regenerating would break the build, a stale sprite would draw the wrong shapes.
describe("icon sprite", () => {
  const names = importedIconNames();
  const { svg, module } = buildSprite(names);

  it("covers every lucide icon the app imports and is up to date (npx tsx scripts/icon-sprite.ts)", () => {
    expect(names.length).toBeGreaterThan(10);
    expect(fs.readFileSync(MODULE_FILE, "utf8")).toBe(module);
    expect(fs.readFileSync(SPRITE_FILE, "utf8")).toBe(svg);
  });

  it("holds each icon's shapes under the id its component references", () => {
    const ids = [...module.matchAll(/spriteIcon\("([a-z0-9-]+)[ "]/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(names.length);
    for (const id of ids) {
      expect(svg).toMatch(
        new RegExp(
          `<symbol id="${id}" viewBox="0 0 24 24"><(path|circle|line|rect|polyline|polygon|ellipse) `,
        ),
      );
    }
    // A known shape: lucide's star.
    expect(svg).toContain('<symbol id="star" viewBox="0 0 24 24"><path d="M11.525 2.295');
  });

  it("fails loudly for a name lucide does not have", () => {
    expect(() => buildSprite(["NoSuchIcon"])).toThrow(/no icon named NoSuchIcon/);
  });
});
