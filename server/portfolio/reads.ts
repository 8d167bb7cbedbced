import type { Db } from "../db/client";
import type { ActivityStore } from "./activity-store";
import type { PortfolioSnapshot } from "./engine/types";
import { engineInput, type MarketInputs } from "./inputs";
import type { LedgerCache } from "./ledgers";
import type { PortfolioStore } from "./store";
import type { PortfolioView } from "./types";
import { ownId } from "./validation";

export interface ReadDeps {
  db: Db;
  store: PortfolioStore;
  activities: ActivityStore;
  ledgers: LedgerCache;
  inputs: MarketInputs;
  now: () => Date;
}

/** Today's date (UTC) for the valuation. */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** A portfolio with its valuation, from its ledger in memory (built from the database when missing). */
export function portfolioReads(d: ReadDeps) {
  async function snapshot(userId: string, portfolioId: string): Promise<PortfolioSnapshot> {
    const id = ownId(portfolioId);
    const portfolio = await d.store.get(userId, id);
    const now = d.now();
    return d.ledgers.snapshot(id, todayOf(now), async () =>
      engineInput(d.db, d.inputs, {
        baseCurrency: portfolio.baseCurrency,
        activities: await d.activities.list(userId, id),
        today: todayOf(now),
        now,
      }),
    );
  }
  return {
    snapshot,
    async get(userId: string, portfolioId: string): Promise<PortfolioView> {
      const id = ownId(portfolioId);
      const portfolio = await d.store.get(userId, id);
      const [snap, activities] = await Promise.all([snapshot(userId, id), d.activities.list(userId, id)]);
      return { portfolio, snapshot: snap, activities };
    },
  };
}
