import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
