import { and, eq } from "drizzle-orm";
import { DIVIDEND_REMINDER_DAYS } from "#common/dividends";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import { corporateActions, dividendReminders } from "../db/schema";

export interface DividendReminder {
  actionId: string;
  daysBefore: number;
  notifyEmail: boolean;
  remindAt: Date;
  sentAt: Date | null;
}

export interface DividendReminderInput {
  actionId: string;
  daysBefore: number;
  notifyEmail: boolean;
}

const DAY_MS = 86_400_000;

/**
 * A reader's reminder before an ex-date: at 00:00 UTC that many days before it (so a Gulf reader
 * has it on the morning of that day); one per (reader, distribution); a changed reminder goes out
 * again. Refused for an unknown distribution or one whose ex-date has passed.
 */
export function dividendReminderStore(db: Db, clock: () => number) {
  const mine = (userId: string, actionId: string) =>
    and(eq(dividendReminders.userId, userId), eq(dividendReminders.actionId, actionId));
  return {
    async set(userId: string, input: DividendReminderInput): Promise<DividendReminder> {
      if (!(DIVIDEND_REMINDER_DAYS as readonly number[]).includes(input.daysBefore))
        throw new AppError("bad_request:reminder", "Choose when to be reminded.");
      const [action] = await db
        .select({ exDate: corporateActions.exDate })
        .from(corporateActions)
        .where(eq(corporateActions.id, input.actionId));
      if (!action) throw new AppError("not_found:dividend", "Unknown distribution.");
      const today = new Date(clock()).toISOString().slice(0, 10);
      if (action.exDate < today) throw new AppError("bad_request:reminder", "This ex-date has passed.");
      const remindAt = new Date(Date.parse(`${action.exDate}T00:00:00Z`) - input.daysBefore * DAY_MS);
      const values = { daysBefore: input.daysBefore, notifyEmail: input.notifyEmail, remindAt };
      const [row] = await db
        .insert(dividendReminders)
        .values({ userId, actionId: input.actionId, ...values })
        .onConflictDoUpdate({
          target: [dividendReminders.userId, dividendReminders.actionId],
          set: { ...values, sentAt: null },
        })
        .returning();
      return row!;
    },
    async remove(userId: string, actionId: string): Promise<boolean> {
      const rows = await db.delete(dividendReminders).where(mine(userId, actionId)).returning();
      return rows.length > 0;
    },
    /** The reader's reminders, by distribution id. */
    async mine(userId: string): Promise<Record<string, DividendReminder>> {
      const rows = await db.select().from(dividendReminders).where(eq(dividendReminders.userId, userId));
      return Object.fromEntries(rows.map((r) => [r.actionId, r]));
    },
  };
}
