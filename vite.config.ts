import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** In the browser build only, "zod" means app/lib/zod-browser.ts (Zod without its eval probe). */
function zodWithoutEval(): Plugin {
  const shim = fileURLToPath(new URL("./app/lib/zod-browser.ts", import.meta.url));
  return {
    name: "zod-without-eval",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "zod" || importer === shim || this.environment.name !== "client") return null;
      return shim;
    },
  };
}

/**
 * "lucide-react" means app/components/icons/lucide.generated.ts in both builds: the same icon
 * components drawing from one sprite file instead of carrying their paths (decision 012;
 * regenerate with `npx tsx scripts/icon-sprite.ts`). Server and browser agree, so hydration
 * matches.
 */
function iconSprite(): Plugin {
  const generated = fileURLToPath(new URL("./app/components/icons/lucide.generated.ts", import.meta.url));
  return {
    name: "icon-sprite",
    enforce: "pre",
    resolveId: (source) => (source === "lucide-react" ? generated : null),
  };
}

export default defineConfig({
  plugins: [zodWithoutEval(), iconSprite(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      output: {
        // The icon components (a line each, see iconSprite) are shared by different sets of routes:
        // left to automatic chunking they would be spread over small files, each paying its own
        // request on first load. One icon chunk is cheaper. Applies to the browser build only.
        codeSplitting: { groups: [{ name: "icons", test: /app[\\/]components[\\/]icons[\\/]/ }] },
      },
    },
  },
});
