import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createServices, type ServiceOverrides, type Services } from "../services";
import { createTestDatabase } from "./test-db";

/**
 * Full services on a fresh test database; jobs are off unless a test starts them itself.
 * `overrides` replace parts of a feature's dependencies (a scripted price source for the market).
 */
export async function createTestServices(
  env: Record<string, string> = {},
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const config = loadConfig({
    NODE_ENV: "test",
    AUTH_SECRET: "test-secret-test-secret-test-secret-123",
    JOBS_ENABLED: "false",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    // Test feed servers listen on loopback; the SSRF tests turn this off again.
    FEEDS_ALLOW_PRIVATE: "true",
    ...env,
  });
  const database = await createTestDatabase();
  return createServices(config, createLogger("silent"), database, undefined, overrides);
}
