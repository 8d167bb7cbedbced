// npm run db:backup [-- <file>] — a consistent copy of the database (see docs/operations.md).
import { loadConfig } from "#server/config";
import { backupDatabase, defaultBackupFile } from "#server/db/backup";

const config = loadConfig();
try {
  const result = await backupDatabase(config, process.argv[2] ?? defaultBackupFile(config));
  console.log(`Backed up the ${result.kind} database to ${result.file} (${result.bytes} bytes).`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
