import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { ALERT_TOPICS } from "../alerts/topics";
import type { Db } from "../db/client";
import {
  alertNotifications,
  alertTriggers,
  corporateActions,
  dividendReminders,
  dividendWatchNotices,
  user,
  watchlistItems,
  watchlists,
} from "../db/schema";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { Bus } from "../realtime/bus";

/**
 * What the bell (and the mail, when asked) says about a coming ex-date, in the reader's language:
 * a reminder the reader set, or a notice that a company on one of their watchlists goes ex soon.
 */
const TEXT = {
  en: {
    reminder: (s: string) => `Reminder: ${s} goes ex-dividend`,
    watch: (s: string) => `${s} goes ex-dividend soon`,
    message: (s: string, exDate: string, amount: string) =>
      `${s}: ex-date ${exDate}${amount ? `, ${amount} per share` : ""}. Hold the shares before this date to receive the distribution.`,
  },
  ar: {
    reminder: (s: string) => `تذكير: تاريخ استحقاق توزيعات ${s}`,
    watch: (s: string) => `تاريخ استحقاق توزيعات ${s} يقترب`,
    message: (s: string, exDate: string, amount: string) =>
      `${s}: تاريخ الاستحقاق ${exDate}${amount ? `، ${amount} للسهم` : ""}. يلزم امتلاك الأسهم قبل هذا التاريخ للحصول على التوزيع.`,
  },
};

/** Watchlist members' ex-dates this many days ahead (and today) reach the bell. */
export const WATCH_NOTICE_DAYS = 7;

export interface NoticeDeps {
  db: Db;
  log: Logger;
  bus: Bus;
  outbox: Outbox;
  siteUrl: string;
  /** A company's name in the reader's language (the symbol when none). */
  nameOf: (symbol: string, lang: "en" | "ar") => string;
}

interface Due {
  userId: string;
  locale: string | null;
  email: string;
  symbol: string;
  exDate: string;
  amount: number | null;
  currency: string | null;
  kind: "reminder" | "watch";
  actionId: string;
  notifyEmail: boolean;
  reminderId?: string;
}

function notice(deps: NoticeDeps, d: Due, now: Date) {
  const lang: "en" | "ar" = d.locale === "ar" ? "ar" : "en";
  const name = deps.nameOf(d.symbol, lang);
  const amount = d.amount !== null ? `${d.amount} ${d.currency ?? ""}`.trim() : "";
  const title = TEXT[lang][d.kind](name);
  const message = TEXT[lang].message(name, d.exDate, amount);
  return { d, lang, id: randomUUID(), triggerId: randomUUID(), title, message, now };
}

type Notice = ReturnType<typeof notice>;

async function record(deps: NoticeDeps, tx: Db, out: Notice[]) {
  if (out.length === 0) return;
  await tx.insert(alertTriggers).values(
    out.map((n) => ({
      id: n.triggerId,
      userId: n.d.userId,
      alertId: null,
      source: n.d.kind === "reminder" ? "dividend_reminder" : "dividend_watch",
      symbol: n.d.symbol,
      condition: { actionId: n.d.actionId, exDate: n.d.exDate },
      title: n.title,
      message: n.message,
      channels: { inApp: "delivered", email: n.d.notifyEmail ? "queued" : "off" },
      triggeredAt: n.now,
    })),
  );
  await tx.insert(alertNotifications).values(
    out.map((n) => ({
      id: n.id,
      userId: n.d.userId,
      alertId: null,
      triggerId: n.triggerId,
      title: n.title,
      message: n.message,
      createdAt: n.now,
    })),
  );
  const site = deps.siteUrl.replace(/\/$/, "");
  const mails = out
    .filter((n) => n.d.notifyEmail)
    .map((n) => {
      const link = `${site}${n.lang === "ar" ? "/ar" : ""}/markets/${encodeURIComponent(n.d.symbol)}#dividends`;
      return {
        idempotencyKey: `dividend-reminder:${n.d.reminderId}:${n.d.exDate}`,
        kind: "dividend-reminder",
        to: n.d.email,
        subject: n.title,
        text: `${n.message}\n\n${link}\n`,
        html: `<p dir="${n.lang === "ar" ? "rtl" : "ltr"}">${n.message.replace(/[<>&]/g, "")}</p><p><a href="${link}">${link}</a></p>`,
      };
    });
  if (mails.length) await deps.outbox.enqueueMany(mails, tx);
}

async function announce(deps: NoticeDeps, out: Notice[]) {
  try {
    for (let i = 0; i < out.length; i += 10) {
      const n = out.slice(i, i + 10).map((x) => ({
        u: x.d.userId,
        e: {
          id: x.id,
          alertId: null,
          triggerId: x.triggerId,
          symbol: x.d.symbol,
          title: x.title,
          message: x.message,
          isRead: false as const,
          createdAt: x.now.toISOString(),
        },
        p: 0,
        w: null,
      }));
      await deps.bus.publish(ALERT_TOPICS.notify, { n });
    }
  } catch (err) {
    // Stored: the bell shows them on the next page load.
    deps.log.warn({ err }, "dividends: notice delivery failed");
  }
}

const actionFields = {
  symbol: corporateActions.symbol,
  exDate: corporateActions.exDate,
  amount: corporateActions.amount,
  currency: corporateActions.currency,
  actionId: corporateActions.id,
  email: user.email,
  locale: user.locale,
};

/** Sends the reminders whose time has come (claimed and marked sent in one transaction). */
export async function sendDueReminders(deps: NoticeDeps, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const out = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const due = await tx
      .select({
        ...actionFields,
        userId: dividendReminders.userId,
        reminderId: dividendReminders.id,
        notifyEmail: dividendReminders.notifyEmail,
      })
      .from(dividendReminders)
      .innerJoin(corporateActions, eq(corporateActions.id, dividendReminders.actionId))
      .innerJoin(user, eq(user.id, dividendReminders.userId))
      .where(and(isNull(dividendReminders.sentAt), lte(dividendReminders.remindAt, now)))
      .limit(500)
      .for("update", { of: dividendReminders, skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(dividendReminders)
      .set({ sentAt: now })
      .where(
        inArray(
          dividendReminders.id,
          due.map((d) => d.reminderId),
        ),
      );
    // An ex-date that passed while the server was down is not announced late.
    const live = due
      .filter((d) => d.exDate >= today)
      .map((d) => notice(deps, { ...d, kind: "reminder" }, now));
    await record(deps, tx, live);
    return live;
  });
  if (out.length) await announce(deps, out);
  return out.length;
}

/** Tells each reader once when a company on one of their watchlists goes ex within the coming week. */
export async function sendWatchNotices(deps: NoticeDeps, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const until = new Date(now.getTime() + WATCH_NOTICE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const out = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const candidates = await tx
      .selectDistinct({ ...actionFields, userId: watchlists.userId })
      .from(corporateActions)
      .innerJoin(watchlistItems, eq(watchlistItems.symbol, corporateActions.symbol))
      .innerJoin(watchlists, eq(watchlists.id, watchlistItems.watchlistId))
      .innerJoin(user, eq(user.id, watchlists.userId))
      .where(
        and(
          eq(corporateActions.kind, "dividend"),
          gte(corporateActions.exDate, today),
          lte(corporateActions.exDate, until),
        ),
      )
      .limit(2000);
    if (candidates.length === 0) return [];
    // The notice row is the once-only guard: only the rows this transaction inserted are announced.
    const fresh = await tx
      .insert(dividendWatchNotices)
      .values(candidates.map((c) => ({ userId: c.userId, actionId: c.actionId })))
      .onConflictDoNothing()
      .returning({ userId: dividendWatchNotices.userId, actionId: dividendWatchNotices.actionId });
    const isFresh = new Set(fresh.map((f) => `${f.userId}|${f.actionId}`));
    const live = candidates
      .filter((c) => isFresh.has(`${c.userId}|${c.actionId}`))
      .map((c) => notice(deps, { ...c, kind: "watch", notifyEmail: false }, now));
    await record(deps, tx, live);
    return live;
  });
  if (out.length) await announce(deps, out);
  return out.length;
}
