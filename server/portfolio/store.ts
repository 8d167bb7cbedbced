import { and, asc, count, eq } from "drizzle-orm";
import { AppError } from "#common/errors";
import { PORTFOLIO_MESSAGES as M, MAX_PORTFOLIOS_PER_USER } from "#common/portfolio-schema";
import type { Db } from "../db/client";
import { portfolios } from "../db/schema";
import type { Portfolio } from "./types";
import { notFound } from "./validation";

type Row = typeof portfolios.$inferSelect;

export const toPortfolio = (r: Row): Portfolio => ({
  id: r.id,
  name: r.name,
  baseCurrency: r.baseCurrency,
  createdAt: r.createdAt.toISOString(),
});

/** The portfolios table, every statement scoped by the owner's id. */
export function portfolioStore(db: Db) {
  const mine = (userId: string, id: string) => and(eq(portfolios.userId, userId), eq(portfolios.id, id));
  return {
    async list(userId: string) {
      const rows = await db
        .select()
        .from(portfolios)
        .where(eq(portfolios.userId, userId))
        .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
      return rows.map(toPortfolio);
    },
    /** The owner's portfolio, or "not found" (also for another user's). */
    async get(userId: string, id: string, tx: Db = db) {
      const [row] = await tx.select().from(portfolios).where(mine(userId, id));
      if (!row) throw notFound();
      return toPortfolio(row);
    },
    async create(userId: string, name: string, baseCurrency: string) {
      return db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(portfolios)
          .where(eq(portfolios.userId, userId));
        if (n >= MAX_PORTFOLIOS_PER_USER) throw new AppError("conflict:portfolio_limit", M.limit);
        const [row] = await tx.insert(portfolios).values({ userId, name, baseCurrency }).returning();
        return toPortfolio(row!);
      });
    },
    async update(userId: string, id: string, patch: { name?: string; baseCurrency?: string }) {
      if (Object.keys(patch).length === 0) return this.get(userId, id);
      const [row] = await db.update(portfolios).set(patch).where(mine(userId, id)).returning();
      if (!row) throw notFound();
      return toPortfolio(row);
    },
    async remove(userId: string, id: string) {
      const gone = await db.delete(portfolios).where(mine(userId, id)).returning({ id: portfolios.id });
      if (gone.length === 0) throw notFound();
    },
  };
}

export type PortfolioStore = ReturnType<typeof portfolioStore>;
