import { loadConfig } from "#server/config";
import { createLogger } from "#server/logger";
import { createServices, openDatabase, type Services } from "#server/services";

/** Services for a one-off command; refuses to run on a folder a live server holds. */
export async function withServices(fn: (s: Services) => Promise<void>) {
  const config = loadConfig({ ...process.env, JOBS_ENABLED: "false" });
  const log = createLogger(process.env.LOG_LEVEL ?? "warn");
  const { database, release } = await openDatabase(config, log);
  const services = await createServices(config, log, database, release);
  try {
    await fn(services);
  } finally {
    await services.close();
  }
}
