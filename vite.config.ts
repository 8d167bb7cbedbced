import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
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

export default defineConfig({
  plugins: [zodWithoutEval(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      output: {
        // Icons are tiny modules shared by different sets of routes: left to automatic chunking they
        // become dozens of sub-kilobyte files, each paying its own request and headers on first
        // load. One icon chunk (a few KB compressed) is cheaper. Applies to the browser build only.
        codeSplitting: { groups: [{ name: "icons", test: /node_modules[\\/]lucide-react/ }] },
      },
    },
  },
});
