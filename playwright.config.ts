import { defineConfig } from "@playwright/test";
import { PRODUCTION_NODE_FLAGS, serverEntry } from "./scripts/production-node-flags";

// Drives the production build (npm run build) in Debian's Chromium. The server runs on a fresh
// PGlite folder with a short market tick so realtime features show within a test's patience.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${port}`;
// The compiled server of `npm run build` (BUILD_DIR/backend/main.js), as production runs it.
const buildDir = process.env.BUILD_DIR ?? "build";
export const baseURL = `http://localhost:${port}`;
const smtpPort = port + 1000;
export const mailHttpPort = port + 1001;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: `tsx tests/e2e/mail-catcher.ts`,
      url: `http://127.0.0.1:${mailHttpPort}/`,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
    },
    {
      command: `rm -rf ${dataDir} ${dataDir}.lock && NODE_ENV=production PORT=${port} DATA_DIR=${dataDir} PUBLIC_URL=${baseURL} MARKET_TICK_MS=1000 MARKET_PROVIDER=simulator CALENDAR_SOURCE=schedule RSS_SEED_REAL_FEEDS=false RSS_POLL_MINUTES=60 WEBHOOKS_ALLOW_PRIVATE=true FEEDS_ALLOW_PRIVATE=true LOG_LEVEL=warn ADMIN_EMAILS=admin@e2e.test,an.administrator.with.a.long.address@gulfpulse-e2e.test AUTH_RATE_LIMIT_PER_MINUTE=500 SMTP_URL=smtp://127.0.0.1:${smtpPort} node ${PRODUCTION_NODE_FLAGS.join(" ")} ${serverEntry(buildDir)}`,
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
