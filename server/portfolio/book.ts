import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import { type ActivityStore, activityNotFound } from "./activity-store";
import type { Activity } from "./engine/types";
import type { LedgerCache } from "./ledgers";
import { sequenceProblems } from "./sequence";
import type { PortfolioStore } from "./store";
import type { ActivityInput } from "./types";
import { type InstrumentLookup, ownId, parseActivity } from "./validation";

export interface BookDeps {
  db: Db;
  store: PortfolioStore;
  activities: ActivityStore;
  ledgers: LedgerCache;
  lookup: InstrumentLookup;
  today: () => string;
  /** Called after activities changed (the alert index follows the symbols held). */
  changed(portfolioId: string): void;
}

const refuse = (problem: { error: { field: string; message: string } }) =>
  new AppError("bad_request:portfolio_activity", problem.error.message, {
    [problem.error.field]: problem.error.message,
  });

/**
 * A portfolio's activities: each write checks the whole sequence it leaves behind (a sale never
 * exceeds the shares held on its date) inside the transaction that makes it, so a refused write
 * leaves nothing behind; the portfolio's ledger follows.
 */
export function portfolioBook(d: BookDeps) {
  /** Writes `change` and keeps it only when the resulting sequence holds. */
  async function checked<T>(userId: string, portfolioId: string, change: (tx: Db) => Promise<T>) {
    const id = ownId(portfolioId);
    const result = await d.db.transaction(async (tx) => {
      await d.store.get(userId, id, tx);
      const out = await change(tx);
      const problem = sequenceProblems(await d.activities.list(userId, id, tx), d.today())[0];
      if (problem) throw refuse(problem);
      return out;
    });
    d.changed(id);
    return result;
  }
  return {
    /** Adds checked activities (an import, an accepted proposal): all or none. */
    async addMany(userId: string, portfolioId: string, inputs: ActivityInput[]): Promise<Activity[]> {
      const added = await checked(userId, portfolioId, (tx) =>
        d.activities.insert(tx, userId, portfolioId, inputs),
      );
      for (const a of added) d.ledgers.added(portfolioId, a);
      return added;
    },
    async add(userId: string, portfolioId: string, input: unknown): Promise<Activity> {
      await d.store.get(userId, ownId(portfolioId)); // another user's portfolio: 404 before any 400
      const activity = parseActivity(input, d.lookup, d.today());
      return (await this.addMany(userId, portfolioId, [activity]))[0]!;
    },
    async update(userId: string, portfolioId: string, activityId: string, input: unknown) {
      await d.store.get(userId, ownId(portfolioId));
      const activity = parseActivity(input, d.lookup, d.today());
      const aid = ownId(activityId, activityNotFound);
      const updated = await checked(userId, portfolioId, (tx) =>
        d.activities.update(tx, userId, portfolioId, aid, activity),
      );
      d.ledgers.drop(portfolioId);
      return updated;
    },
    async remove(userId: string, portfolioId: string, activityId: string) {
      const aid = ownId(activityId, activityNotFound);
      await checked(userId, portfolioId, (tx) => d.activities.remove(tx, userId, portfolioId, aid));
      d.ledgers.drop(portfolioId);
    },
  };
}

export type PortfolioBook = ReturnType<typeof portfolioBook>;
