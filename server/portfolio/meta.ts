import type { LedgerCache } from "./ledgers";
import type { PortfolioStore } from "./store";
import type { Portfolio } from "./types";
import { asObject, ownId, parseBaseCurrency, parseName } from "./validation";

/** Creating, renaming, revaluing (a new base currency) and deleting a reader's portfolios. */
export function portfolioMeta(d: {
  store: PortfolioStore;
  ledgers: LedgerCache;
  rules: { follow(portfolioId: string): void };
}) {
  return {
    list: (userId: string) => d.store.list(userId),
    async create(userId: string, input: unknown): Promise<Portfolio> {
      const body = asObject(input);
      const name = parseName(body.name);
      return d.store.create(userId, name, parseBaseCurrency(body.baseCurrency));
    },
    async update(userId: string, portfolioId: string, input: unknown): Promise<Portfolio> {
      const id = ownId(portfolioId);
      await d.store.get(userId, id);
      const body = asObject(input);
      const patch: { name?: string; baseCurrency?: string } = {};
      if (body.name !== undefined) patch.name = parseName(body.name);
      if (body.baseCurrency !== undefined) patch.baseCurrency = parseBaseCurrency(body.baseCurrency);
      const updated = await d.store.update(userId, id, patch);
      d.ledgers.drop(id);
      return updated;
    },
    async remove(userId: string, portfolioId: string): Promise<void> {
      const id = ownId(portfolioId);
      await d.store.remove(userId, id);
      d.ledgers.drop(id);
      d.rules.follow(id);
    },
  };
}
