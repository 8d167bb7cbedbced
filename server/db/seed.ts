/** A demo-content seeder: idempotent (insert ... on conflict do nothing); returns rows added. */
export type Seed = () => Promise<number>;

/**
 * Runs the features' seeders in the given order (the composition root lists them in dependency
 * order as `services.seeds`). They run at each start, so the embedded default is never empty, and
 * from `npm run db:seed`.
 */
export async function runSeeds(seeds: Record<string, Seed>): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  for (const [name, seed] of Object.entries(seeds)) report[name] = await seed();
  return report;
}
