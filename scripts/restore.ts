// npm run db:restore -- <file> — replaces the database with a backup (stop the app first).
import { loadConfig } from "#server/config";
import { restoreDatabase } from "#server/db/backup";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- <backup file>");
  process.exit(64);
}
try {
  const result = await restoreDatabase(loadConfig(), file);
  console.log(`Restored the ${result.kind} database from ${file}.`);
  if (result.movedAside) console.log(`The previous data folder was kept at ${result.movedAside}.`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
