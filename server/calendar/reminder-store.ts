import { and, eq } from "drizzle-orm";
import { REMINDER_MINUTES } from "#common/calendar-options";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import { calendarReminders, economicEvents } from "../db/schema";

/** A user's reminder for an event: one per (user, event), for a scheduled event still to come. */

export interface Reminder {
  eventId: string;
  minutesBefore: number;
  notifyEmail: boolean;
  notifyPush: boolean;
  notifyWebhook: boolean;
  remindAt: Date;
  sentAt: Date | null;
}

/** The channels beyond in-app: mail through the outbox, push and webhook through the delivery queue. */
export interface ReminderInput {
  eventId: string;
  minutesBefore: number;
  notifyEmail: boolean;
  notifyPush?: boolean;
  notifyWebhook?: boolean;
}

const toReminder = (r: typeof calendarReminders.$inferSelect): Reminder => ({
  eventId: r.eventId,
  minutesBefore: r.minutesBefore,
  notifyEmail: r.notifyEmail,
  notifyPush: r.notifyPush,
  notifyWebhook: r.notifyWebhook,
  remindAt: r.remindAt,
  sentAt: r.sentAt,
});

/** When the reminder goes out; refuses an unknown minute count and a cancelled or past event. */
async function remindAtFor(db: Db, input: ReminderInput): Promise<Date> {
  if (!(REMINDER_MINUTES as readonly number[]).includes(input.minutesBefore))
    throw new AppError("bad_request:reminder", "Choose how many minutes before the event to be reminded.");
  const [event] = await db
    .select({ startsAt: economicEvents.startsAt, status: economicEvents.status })
    .from(economicEvents)
    .where(eq(economicEvents.id, input.eventId));
  if (!event) throw new AppError("not_found:event", "This event does not exist.");
  if (event.status === "cancelled") throw new AppError("bad_request:reminder", "This event was cancelled.");
  const remindAt = new Date(event.startsAt.getTime() - input.minutesBefore * 60_000);
  if (event.startsAt.getTime() <= Date.now())
    throw new AppError("bad_request:reminder", "This event has already happened.");
  return remindAt;
}

export function reminderStore(db: Db) {
  const mine = (userId: string, eventId: string) =>
    and(eq(calendarReminders.userId, userId), eq(calendarReminders.eventId, eventId));
  return {
    /** Sets (or changes) the user's reminder for an event; a changed reminder goes out again. */
    async set(userId: string, input: ReminderInput): Promise<Reminder> {
      const remindAt = await remindAtFor(db, input);
      const channels = {
        minutesBefore: input.minutesBefore,
        notifyEmail: input.notifyEmail,
        notifyPush: input.notifyPush ?? false,
        notifyWebhook: input.notifyWebhook ?? false,
      };
      const [row] = await db
        .insert(calendarReminders)
        .values({ userId, eventId: input.eventId, ...channels, remindAt })
        .onConflictDoUpdate({
          target: [calendarReminders.userId, calendarReminders.eventId],
          set: { ...channels, remindAt, sentAt: null },
        })
        .returning();
      return toReminder(row!);
    },
    async remove(userId: string, eventId: string): Promise<boolean> {
      const rows = await db
        .delete(calendarReminders)
        .where(mine(userId, eventId))
        .returning({ id: calendarReminders.id });
      return rows.length > 0;
    },
    async get(userId: string, eventId: string): Promise<Reminder | null> {
      const [row] = await db.select().from(calendarReminders).where(mine(userId, eventId));
      return row ? toReminder(row) : null;
    },
  };
}
