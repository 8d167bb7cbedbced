import { runSeeds } from "#server/db/seed";
import type { Services } from "#server/services";

/**
 * Gives the real feature services something to answer with: one market tick (jobs are off in
 * tests) and the idempotent demo content (news from the bundled sample feeds, the calendar).
 */
export async function primeServices(s: Services, opts: { seeds?: boolean } = {}) {
  await s.market.tick();
  for (let i = 0; i < 100 && !s.market.quote("TASI"); i++) await new Promise((r) => setTimeout(r, 20));
  if (opts.seeds) await runSeeds(s.seeds);
}
