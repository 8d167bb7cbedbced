import type { Db } from "../db/client";
import type { DeliveryQueue } from "../delivery/types";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { Bus } from "../realtime/bus";
import { sendDueReminders } from "./reminder-sending";
import { type Reminder, type ReminderInput, reminderStore } from "./reminder-store";

export type { Reminder, ReminderInput } from "./reminder-store";

export interface CalendarReminders {
  /** Sets (or changes) the user's reminder for an event. */
  set(userId: string, input: ReminderInput): Promise<Reminder>;
  remove(userId: string, eventId: string): Promise<boolean>;
  get(userId: string, eventId: string): Promise<Reminder | null>;
  /** Sends the reminders that are due (the leader's job); returns how many went out. */
  sendDue(now?: Date): Promise<number>;
}

/**
 * Reminders in parts: the user's reminders (reminder-store.ts), what a due one says on each
 * channel (reminder-notice.ts) and sending the due ones (reminder-sending.ts). createReminders
 * only wires them.
 */
export function createReminders(deps: {
  db: Db;
  log: Logger;
  outbox: Outbox;
  bus: Bus;
  /** Push and webhook reminders are queued in the transaction that records the reminder. */
  delivery: DeliveryQueue;
  siteUrl: string;
}): CalendarReminders {
  return {
    ...reminderStore(deps.db),
    sendDue: (now = new Date()) => sendDueReminders(deps, now),
  };
}
