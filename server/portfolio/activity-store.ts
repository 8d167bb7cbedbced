import { and, asc, count, eq, max } from "drizzle-orm";
import { AppError } from "#common/errors";
import { PORTFOLIO_MESSAGES as M, MAX_ACTIVITIES_PER_PORTFOLIO } from "#common/portfolio-schema";
import type { Db } from "../db/client";
import { portfolioActivities } from "../db/schema";
import type { Activity, ActivityType } from "./engine/types";
import type { ActivityInput } from "./types";

type Row = typeof portfolioActivities.$inferSelect;

export const activityNotFound = () => new AppError("not_found:portfolio_activity", M.activityNotFound);

export function toActivity(r: Row): Activity {
  const a: Activity = {
    id: r.id,
    type: r.type as ActivityType,
    date: r.date,
    sequence: r.sequence,
    symbol: r.symbol,
    quantity: r.quantity,
    unitPrice: r.unitPrice,
    currency: r.currency,
    amount: r.amount,
    commission: r.commission,
    vat: r.vat,
    withholding: r.withholding,
    splitRatio: r.splitRatio,
  };
  if (r.note) a.note = r.note;
  return a;
}

const columns = (a: ActivityInput) => ({
  type: a.type,
  date: a.date,
  symbol: a.symbol,
  quantity: a.quantity,
  unitPrice: a.unitPrice,
  currency: a.currency,
  amount: a.amount,
  commission: a.commission,
  vat: a.vat,
  withholding: a.withholding,
  splitRatio: a.splitRatio,
  note: a.note ?? null,
});

/** A portfolio's activities; every statement is scoped by the owner's id and the portfolio's. */
export function activityStore(db: Db) {
  const ofPortfolio = (userId: string, portfolioId: string) =>
    and(eq(portfolioActivities.userId, userId), eq(portfolioActivities.portfolioId, portfolioId));
  return {
    /** In the order they apply: by date, then by entry. */
    async list(userId: string, portfolioId: string, tx: Db = db) {
      const rows = await tx
        .select()
        .from(portfolioActivities)
        .where(ofPortfolio(userId, portfolioId))
        .orderBy(asc(portfolioActivities.date), asc(portfolioActivities.sequence));
      return rows.map(toActivity);
    },
    /** Adds activities after the portfolio's last entry, in the given order (one transaction: the caller's). */
    async insert(tx: Db, userId: string, portfolioId: string, inputs: ActivityInput[]) {
      if (inputs.length === 0) return [];
      const [stats] = await tx
        .select({ n: count(), last: max(portfolioActivities.sequence) })
        .from(portfolioActivities)
        .where(ofPortfolio(userId, portfolioId));
      if ((stats?.n ?? 0) + inputs.length > MAX_ACTIVITIES_PER_PORTFOLIO) {
        throw new AppError("conflict:portfolio_activity_limit", M.activityLimit);
      }
      const first = (stats?.last ?? 0) + 1;
      const rows = await tx
        .insert(portfolioActivities)
        .values(inputs.map((a, i) => ({ ...columns(a), userId, portfolioId, sequence: first + i })))
        .returning();
      return rows.map(toActivity).sort((a, b) => a.sequence - b.sequence);
    },
    async update(tx: Db, userId: string, portfolioId: string, id: string, input: ActivityInput) {
      const [row] = await tx
        .update(portfolioActivities)
        .set(columns(input))
        .where(and(ofPortfolio(userId, portfolioId), eq(portfolioActivities.id, id)))
        .returning();
      if (!row) throw activityNotFound();
      return toActivity(row);
    },
    async remove(tx: Db, userId: string, portfolioId: string, id: string) {
      const gone = await tx
        .delete(portfolioActivities)
        .where(and(ofPortfolio(userId, portfolioId), eq(portfolioActivities.id, id)))
        .returning({ id: portfolioActivities.id });
      if (gone.length === 0) throw activityNotFound();
    },
  };
}

export type ActivityStore = ReturnType<typeof activityStore>;
