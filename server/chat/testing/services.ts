import type { MarketService } from "#server/contracts";
import { runSeeds } from "#server/db/seed";
import type { Services } from "#server/services";

/**
 * Gives the real feature services something to answer with: one market tick (jobs are off in
 * tests) and the idempotent demo content (news from the bundled sample feeds, the calendar).
 */
export async function primeServices(s: Services, opts: { seeds?: boolean } = {}) {
  const market = s.market as (MarketService & { tick?: (now?: number) => Promise<void> }) | undefined;
  if (market?.tick) {
    await market.tick();
    for (let i = 0; i < 100 && !market.quote("TASI"); i++) await new Promise((r) => setTimeout(r, 20));
  }
  if (opts.seeds) await runSeeds(s);
}
