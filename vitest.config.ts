import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so tests do not load the React Router plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "common/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["server/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // As in the browser suite: on a loaded CI machine a timing-bound test gets one more try; a
    // broken feature fails both.
    retry: process.env.CI ? 1 : 0,
  },
});
