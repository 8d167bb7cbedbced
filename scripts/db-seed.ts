// npm run db:seed — loads demo content; safe to run again (every seed is idempotent).
import { runSeeds } from "#server/db/seed";
import { withServices } from "./cli-services";

await withServices(async (s) => {
  const report = await runSeeds(s.seeds);
  for (const [name, n] of Object.entries(report)) console.log(`${name}: ${n}`);
});
