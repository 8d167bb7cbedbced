import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { ALERT_TOPICS } from "../alerts/service";
import type { Db } from "../db/client";
import { alertNotifications, alertTriggers, calendarReminders, economicEvents, user } from "../db/schema";
import type { DeliveryQueue } from "../delivery/types";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { Bus } from "../realtime/bus";
import { type DueReminder, type Notice, noticeFor, reminderDelivery, reminderMail } from "./reminder-notice";

/**
 * Sending due reminders (the leader's job): claimed and marked sent in one transaction with their
 * history row, bell notification, mail and push/webhook deliveries, then announced on the bus.
 */

export interface SendingDeps {
  db: Db;
  log: Logger;
  outbox: Outbox;
  bus: Bus;
  /** Push and webhook reminders are queued in the transaction that records the reminder. */
  delivery: DeliveryQueue;
  siteUrl: string;
}

/** Up to 500 unsent reminders whose time has come, locked for this transaction and marked sent. */
async function claimDue(tx: Db, now: Date): Promise<DueReminder[]> {
  const due = await tx
    .select({
      id: calendarReminders.id,
      userId: calendarReminders.userId,
      minutesBefore: calendarReminders.minutesBefore,
      notifyEmail: calendarReminders.notifyEmail,
      notifyPush: calendarReminders.notifyPush,
      notifyWebhook: calendarReminders.notifyWebhook,
      eventId: economicEvents.id,
      title: economicEvents.title,
      startsAt: economicEvents.startsAt,
      status: economicEvents.status,
      email: user.email,
      name: user.name,
      locale: user.locale,
      timeZone: user.timeZone,
    })
    .from(calendarReminders)
    .innerJoin(economicEvents, eq(economicEvents.id, calendarReminders.eventId))
    .innerJoin(user, eq(user.id, calendarReminders.userId))
    .where(and(isNull(calendarReminders.sentAt), lte(calendarReminders.remindAt, now)))
    .orderBy(calendarReminders.remindAt)
    .limit(500)
    .for("update", { of: calendarReminders, skipLocked: true });
  if (due.length === 0) return [];
  await tx
    .update(calendarReminders)
    .set({ sentAt: now })
    .where(
      inArray(
        calendarReminders.id,
        due.map((d) => d.id),
      ),
    );
  return due;
}

/** The history row first: the notification and every queued delivery name it. */
async function recordNotices(tx: Db, out: Notice[], now: Date) {
  await tx.insert(alertTriggers).values(
    out.map(({ d, event }) => ({
      id: event.triggerId!,
      userId: d.userId,
      alertId: null,
      source: "calendar_reminder",
      symbol: null,
      condition: { eventId: d.eventId, minutesBefore: d.minutesBefore },
      title: event.title,
      message: event.message,
      channels: {
        inApp: "delivered",
        email: d.notifyEmail ? "queued" : "off",
        push: d.notifyPush ? "queued" : "off",
        webhook: d.notifyWebhook ? "queued" : "off",
      },
      triggeredAt: now,
    })),
  );
  await tx.insert(alertNotifications).values(
    out.map(({ d, event }) => ({
      id: event.id,
      userId: d.userId,
      alertId: null,
      triggerId: event.triggerId,
      title: event.title,
      message: event.message,
      createdAt: now,
    })),
  );
}

async function sendInTransaction(deps: SendingDeps, tx: Db, now: Date) {
  const due = await claimDue(tx, now);
  // A cancelled event, or one that passed while the server was down, is not announced late.
  const live = due.filter(
    (d) => d.status === "scheduled" && d.startsAt.getTime() > now.getTime() - 15 * 60_000,
  );
  const out = live.map((d) => noticeFor(d, deps.siteUrl, now));
  if (out.length === 0) return [];
  await recordNotices(tx, out, now);
  await deps.outbox.enqueueMany(out.filter(({ d }) => d.notifyEmail).map(reminderMail), tx);
  const deliveries = out
    .filter(({ d }) => d.notifyPush || d.notifyWebhook)
    .map((n) => reminderDelivery(n, now));
  if (deliveries.length > 0) await deps.delivery.enqueue(tx, deliveries);
  return out.map(({ d, event }) => ({ u: d.userId, e: event, p: 0, w: null }));
}

/** Sends the reminders that are due; returns how many went out. */
export async function sendDueReminders(deps: SendingDeps, now: Date): Promise<number> {
  const sent = await deps.db.transaction((tx) => sendInTransaction(deps, tx as unknown as Db, now));
  if (sent.length) {
    try {
      // Small messages: the bus carries under 8000 bytes each.
      for (let i = 0; i < sent.length; i += 10)
        await deps.bus.publish(ALERT_TOPICS.notify, { n: sent.slice(i, i + 10) });
    } catch (err) {
      // Stored: the bell shows them on the next page load.
      deps.log.warn({ err }, "calendar: reminder delivery failed");
    }
  }
  return sent.length;
}
