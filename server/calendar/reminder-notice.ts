import { randomUUID } from "node:crypto";
import { calendarTitleAr } from "#common/calendar-glossary-ar";
import { DEFAULT_TIME_ZONE, isTimeZone } from "#common/calendar-options";
import type { NotificationEvent } from "../alerts/types";
import type { DeliveryRequest } from "../delivery/types";
import type { OutgoingMail } from "../mail/outbox";

/**
 * What a due reminder says, in the user's language and time zone, on each channel: the bell's
 * notification, the mail, and the push or webhook payload.
 */

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

/** A reminder that is due, with its event and its user. */
export interface DueReminder {
  id: string;
  userId: string;
  minutesBefore: number;
  notifyEmail: boolean;
  notifyPush: boolean;
  notifyWebhook: boolean;
  eventId: string;
  title: string;
  startsAt: Date;
  status: string;
  email: string;
  name: string;
  locale: string | null;
  timeZone: string | null;
}

export interface Notice {
  d: DueReminder;
  lang: "en" | "ar";
  event: NotificationEvent;
  link: string;
}

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

export function noticeFor(d: DueReminder, siteUrl: string, now: Date): Notice {
  const lang: "en" | "ar" = d.locale === "ar" ? "ar" : "en";
  const at = when(d.startsAt, d.timeZone ?? DEFAULT_TIME_ZONE, lang);
  // An Arabic reader's reminder names the release from the glossary when it knows the title.
  const title = lang === "ar" ? (calendarTitleAr(d.title) ?? d.title) : d.title;
  const link = `${siteUrl.replace(/\/$/, "")}${lang === "ar" ? "/ar" : ""}/calendar/${d.eventId}`;
  const event: NotificationEvent = {
    id: randomUUID(),
    alertId: null,
    triggerId: randomUUID(),
    symbol: "",
    title: TEXT[lang].title(title),
    message: TEXT[lang].message(title, at, d.minutesBefore),
    isRead: false,
    createdAt: now.toISOString(),
  };
  return { d, lang, event, link };
}

export function reminderMail({ d, lang, event, link }: Notice): OutgoingMail {
  return {
    idempotencyKey: `calendar-reminder:${d.id}:${d.startsAt.toISOString()}`,
    kind: "calendar-reminder",
    to: d.email,
    subject: event.title,
    text: `${event.message}\n\n${TEXT[lang].open}: ${link}\n`,
    html: `<p dir="${lang === "ar" ? "rtl" : "ltr"}">${escapeHtml(event.message)}</p><p><a href="${escapeHtml(link)}">${TEXT[lang].open}</a></p>`,
  };
}

export function reminderDelivery({ d, event, link }: Notice, now: Date): DeliveryRequest {
  return {
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
  };
}
