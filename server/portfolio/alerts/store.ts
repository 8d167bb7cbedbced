import { and, asc, count, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors";
import { PORTFOLIO_MESSAGES as M, MAX_ALERTS_PER_PORTFOLIO } from "#common/portfolio-schema";
import type { Db } from "../../db/client";
import { portfolioActivities, portfolioAlerts } from "../../db/schema";
import type { PortfolioAlert, PortfolioAlertKind } from "../types";

type Row = typeof portfolioAlerts.$inferSelect;

export const toAlert = (r: Row): PortfolioAlert => ({
  id: r.id,
  kind: r.kind as PortfolioAlertKind,
  threshold: r.threshold,
  notifyEmail: r.notifyEmail,
  firedOn: r.firedOn,
  createdAt: r.createdAt.toISOString(),
});

export const alertNotFound = () => new AppError("not_found:portfolio_alert", M.alertNotFound);

/** The portfolio_alerts table, every statement scoped by owner and portfolio. */
export function alertStore(db: Db) {
  const of = (userId: string, portfolioId: string) =>
    and(eq(portfolioAlerts.userId, userId), eq(portfolioAlerts.portfolioId, portfolioId));
  return {
    async list(userId: string, portfolioId: string) {
      const rows = await db
        .select()
        .from(portfolioAlerts)
        .where(of(userId, portfolioId))
        .orderBy(asc(portfolioAlerts.createdAt));
      return rows.map(toAlert);
    },
    async add(
      userId: string,
      portfolioId: string,
      rule: { kind: PortfolioAlertKind; threshold: number; notifyEmail: boolean },
    ) {
      return db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(portfolioAlerts)
          .where(of(userId, portfolioId));
        if (n >= MAX_ALERTS_PER_PORTFOLIO) throw new AppError("conflict:portfolio_alert_limit", M.alertLimit);
        const [row] = await tx
          .insert(portfolioAlerts)
          .values({ userId, portfolioId, ...rule })
          .returning();
        return toAlert(row!);
      });
    },
    async remove(userId: string, portfolioId: string, alertId: string) {
      const gone = await db
        .delete(portfolioAlerts)
        .where(and(of(userId, portfolioId), eq(portfolioAlerts.id, alertId)))
        .returning({ id: portfolioAlerts.id });
      if (gone.length === 0) throw alertNotFound();
    },
    /** Every alerted portfolio with its owner and the symbols it trades (the tick index). */
    async alertedHoldings() {
      return db
        .selectDistinct({
          portfolioId: portfolioAlerts.portfolioId,
          userId: portfolioAlerts.userId,
          symbol: portfolioActivities.symbol,
        })
        .from(portfolioAlerts)
        .innerJoin(portfolioActivities, eq(portfolioActivities.portfolioId, portfolioAlerts.portfolioId));
    },
    /** The alerts of these portfolios (any owner: the tick hook judges them all). */
    async ofPortfolios(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(portfolioAlerts)
        .where(
          sql`${portfolioAlerts.portfolioId} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
    },
    /**
     * Marks crossings fired today; answers the ones not fired before (none when another process
     * got there first), so each crossing is announced once per day.
     */
    async claim(tx: Db, alertId: string, today: string, keys: string[]) {
      const [row] = await tx
        .select({ firedOn: portfolioAlerts.firedOn, firedKeys: portfolioAlerts.firedKeys })
        .from(portfolioAlerts)
        .where(eq(portfolioAlerts.id, alertId))
        .for("update");
      if (!row) return [];
      const before = row.firedOn === today ? row.firedKeys : [];
      const fresh = keys.filter((k) => !before.includes(k));
      if (fresh.length === 0) return [];
      await tx
        .update(portfolioAlerts)
        .set({ firedOn: today, firedKeys: [...before, ...fresh] })
        .where(eq(portfolioAlerts.id, alertId));
      return fresh;
    },
  };
}

export type AlertStore = ReturnType<typeof alertStore>;
