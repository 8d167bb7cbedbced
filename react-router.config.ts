import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let several production builds coexist (tests, benchmarks).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
