import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, isTimeZone, REMINDER_MINUTES } from "#common/calendar-options";
import { AppError } from "#common/errors";
import { ALERT_TOPICS } from "../alerts/service";
import type { NotificationEvent } from "../alerts/types";
import type { Db } from "../db/client";
import { alertNotifications, alertTriggers, calendarReminders, economicEvents, user } from "../db/schema";
import type { DeliveryQueue, DeliveryRequest } from "../delivery/types";
import type { Logger } from "../logger";
import type { Outbox, OutgoingMail } from "../mail/outbox";
import type { Bus } from "../realtime/bus";

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

export interface CalendarReminders {
  /** Sets (or changes) the user's reminder for an event. */
  set(userId: string, input: ReminderInput): Promise<Reminder>;
  remove(userId: string, eventId: string): Promise<boolean>;
  get(userId: string, eventId: string): Promise<Reminder | null>;
  /** Sends the reminders that are due (the leader's job); returns how many went out. */
  sendDue(now?: Date): Promise<number>;
}

const TEXT = {
  en: {
    title: (t: string) => `Reminder: ${t}`,
    message: (t: string, when: string, m: number) => `${t} is due at ${when} (in ${m} minutes).`,
    open: "Open the event",
  },
  ar: {
    title: (t: string) => `تذكير: ${t}`,
    message: (t: string, when: string, m: number) => `موعد ${t} في ${when} (بعد ${m} دقيقة).`,
    open: "عرض الحدث",
  },
};

function when(at: Date, timeZone: string, lang: "en" | "ar") {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const text = new Intl.DateTimeFormat(lang === "ar" ? "ar" : "en-GB", {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    numberingSystem: "latn",
  }).format(at);
  return `${text} (${zone})`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function createReminders(deps: {
  db: Db;
  log: Logger;
  outbox: Outbox;
  bus: Bus;
  /** Push and webhook reminders are queued in the transaction that records the reminder. */
  delivery: DeliveryQueue;
  siteUrl: string;
}): CalendarReminders {
  const { db, log } = deps;

  const toReminder = (r: typeof calendarReminders.$inferSelect): Reminder => ({
    eventId: r.eventId,
    minutesBefore: r.minutesBefore,
    notifyEmail: r.notifyEmail,
    notifyPush: r.notifyPush,
    notifyWebhook: r.notifyWebhook,
    remindAt: r.remindAt,
    sentAt: r.sentAt,
  });

  return {
    async set(userId, input) {
      if (!(REMINDER_MINUTES as readonly number[]).includes(input.minutesBefore))
        throw new AppError(
          "bad_request:reminder",
          "Choose how many minutes before the event to be reminded.",
        );
      const [event] = await db
        .select({ startsAt: economicEvents.startsAt, status: economicEvents.status })
        .from(economicEvents)
        .where(eq(economicEvents.id, input.eventId));
      if (!event) throw new AppError("not_found:event", "This event does not exist.");
      if (event.status === "cancelled")
        throw new AppError("bad_request:reminder", "This event was cancelled.");
      const remindAt = new Date(event.startsAt.getTime() - input.minutesBefore * 60_000);
      if (event.startsAt.getTime() <= Date.now())
        throw new AppError("bad_request:reminder", "This event has already happened.");
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

    async remove(userId, eventId) {
      const rows = await db
        .delete(calendarReminders)
        .where(and(eq(calendarReminders.userId, userId), eq(calendarReminders.eventId, eventId)))
        .returning({ id: calendarReminders.id });
      return rows.length > 0;
    },

    async get(userId, eventId) {
      const [row] = await db
        .select()
        .from(calendarReminders)
        .where(and(eq(calendarReminders.userId, userId), eq(calendarReminders.eventId, eventId)));
      return row ? toReminder(row) : null;
    },

    async sendDue(now = new Date()) {
      const sent = await db.transaction(async (tx) => {
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
        // A cancelled event, or one that passed while the server was down, is not announced late.
        const live = due.filter(
          (d) => d.status === "scheduled" && d.startsAt.getTime() > now.getTime() - 15 * 60_000,
        );
        const out = live.map((d) => {
          const lang: "en" | "ar" = d.locale === "ar" ? "ar" : "en";
          const at = when(d.startsAt, d.timeZone ?? DEFAULT_TIME_ZONE, lang);
          const link = `${deps.siteUrl.replace(/\/$/, "")}${lang === "ar" ? "/ar" : ""}/calendar/${d.eventId}`;
          const event: NotificationEvent = {
            id: randomUUID(),
            alertId: null,
            triggerId: randomUUID(),
            symbol: "",
            title: TEXT[lang].title(d.title),
            message: TEXT[lang].message(d.title, at, d.minutesBefore),
            isRead: false,
            createdAt: now.toISOString(),
          };
          return { d, lang, event, link };
        });
        if (out.length === 0) return [];
        // The history row first: the notification and every queued delivery name it.
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
        const mails: OutgoingMail[] = out
          .filter(({ d }) => d.notifyEmail)
          .map(({ d, lang, event, link }) => {
            return {
              idempotencyKey: `calendar-reminder:${d.id}:${d.startsAt.toISOString()}`,
              kind: "calendar-reminder",
              to: d.email,
              subject: event.title,
              text: `${event.message}\n\n${TEXT[lang].open}: ${link}\n`,
              html: `<p dir="${lang === "ar" ? "rtl" : "ltr"}">${escapeHtml(event.message)}</p><p><a href="${escapeHtml(link)}">${TEXT[lang].open}</a></p>`,
            };
          });
        await deps.outbox.enqueueMany(mails, tx as unknown as Db);
        const deliveries: DeliveryRequest[] = out
          .filter(({ d }) => d.notifyPush || d.notifyWebhook)
          .map(({ d, event, link }) => ({
            userId: d.userId,
            // The trigger's id: the same on every retry and every channel, so receivers drop repeats.
            eventId: event.triggerId!,
            triggerId: event.triggerId!,
            push: d.notifyPush,
            webhook: d.notifyWebhook,
            webhookId: null,
            payload: {
              type: "calendar.reminder",
              event: { id: d.eventId, title: d.title, startsAt: d.startsAt.toISOString() },
              minutesBefore: d.minutesBefore,
              title: event.title,
              message: event.message,
              url: link,
              triggeredAt: now.toISOString(),
            },
          }));
        if (deliveries.length > 0) await deps.delivery.enqueue(tx as unknown as Db, deliveries);
        return out.map(({ d, event }) => ({ u: d.userId, e: event, p: 0, w: null }));
      });
      if (sent.length) {
        try {
          // Small messages: the bus carries under 8000 bytes each.
          for (let i = 0; i < sent.length; i += 10)
            await deps.bus.publish(ALERT_TOPICS.notify, { n: sent.slice(i, i + 10) });
        } catch (err) {
          // Stored: the bell shows them on the next page load.
          log.warn({ err }, "calendar: reminder delivery failed");
        }
      }
      return sent.length;
    },
  };
}
