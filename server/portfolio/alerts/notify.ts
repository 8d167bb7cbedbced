import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { ALERT_TOPICS } from "../../alerts/topics";
import type { NotificationEvent } from "../../alerts/types";
import type { Db } from "../../db/client";
import { alertNotifications, alertTriggers, user } from "../../db/schema";
import type { DeliveryQueue } from "../../delivery/types";
import type { Outbox } from "../../mail/outbox";
import type { Bus } from "../../realtime/bus";

/** What fired: the portfolio's day move, or holdings beyond their weight limit. */
export interface Crossing {
  alertId: string;
  userId: string;
  portfolioId: string;
  portfolioName: string;
  kind: "day-move" | "weight";
  threshold: number;
  notifyEmail: boolean;
  /** day-move: the day's change in percent; weight: each holding's weight in percent. */
  dayPercent?: number;
  holdings?: Array<{ symbol: string; percent: number }>;
}

const pct = (n: number) => `${Math.round(n * 100) / 100}%`;

/** The notice in the reader's language (the bell, push, webhook and mail all say the same). */
export const TEXT = {
  en: {
    title: (c: Crossing) =>
      c.kind === "day-move"
        ? `${c.portfolioName} moved ${pct(c.dayPercent ?? 0)} today`
        : `${c.portfolioName}: a holding is above ${c.threshold}%`,
    message: (c: Crossing) =>
      c.kind === "day-move"
        ? `Your portfolio ${c.portfolioName} has moved ${pct(c.dayPercent ?? 0)} today, beyond your ${c.threshold}% alert.`
        : `In ${c.portfolioName}, ${(c.holdings ?? []).map((h) => `${h.symbol} is ${pct(h.percent)}`).join(", ")} of the portfolio, above your ${c.threshold}% alert.`,
  },
  ar: {
    title: (c: Crossing) =>
      c.kind === "day-move"
        ? `تحركت محفظة ${c.portfolioName} بنسبة ${pct(c.dayPercent ?? 0)} اليوم`
        : `${c.portfolioName}: حصة تتجاوز ${c.threshold}%`,
    message: (c: Crossing) =>
      c.kind === "day-move"
        ? `تحركت محفظتك ${c.portfolioName} اليوم بنسبة ${pct(c.dayPercent ?? 0)}، متجاوزة حد التنبيه ${c.threshold}%.`
        : `في محفظة ${c.portfolioName}: ${(c.holdings ?? []).map((h) => `${h.symbol} يشكل ${pct(h.percent)}`).join("، ")} من المحفظة، فوق حد التنبيه ${c.threshold}%.`,
  },
};

export interface NotifyDeps {
  bus: Bus;
  outbox: Outbox;
  delivery: DeliveryQueue;
  publicUrl: string;
}

/**
 * Records one crossing as every alert does: a history row and a bell notification, a push and a
 * webhook delivery (the reader's devices and default endpoint), and a mail when asked for, all in
 * the caller's transaction. Returns the bell's event, announced after commit.
 */
export async function recordCrossing(tx: Db, deps: NotifyDeps, c: Crossing, now: Date) {
  const [owner] = await tx
    .select({ locale: user.locale, email: user.email })
    .from(user)
    .where(eq(user.id, c.userId));
  const lang: "en" | "ar" = owner?.locale === "ar" ? "ar" : "en";
  const title = TEXT[lang].title(c);
  const message = TEXT[lang].message(c);
  const event: NotificationEvent = {
    id: randomUUID(),
    alertId: null,
    triggerId: randomUUID(),
    symbol: c.holdings?.[0]?.symbol ?? "",
    title,
    message,
    isRead: false,
    createdAt: now.toISOString(),
  };
  const condition = {
    portfolioId: c.portfolioId,
    portfolioAlertId: c.alertId,
    kind: c.kind,
    threshold: c.threshold,
  };
  const email = c.notifyEmail && owner?.email ? "queued" : "off";
  await tx.insert(alertTriggers).values({
    ...{ id: event.triggerId!, userId: c.userId, alertId: null, source: "portfolio_alert", symbol: null },
    ...{ condition, title, message, triggeredAt: now },
    channels: { inApp: "delivered", email, push: "queued", webhook: "queued" },
  });
  await tx.insert(alertNotifications).values({
    ...{ id: event.id, userId: c.userId, alertId: null, triggerId: event.triggerId },
    ...{ title, message, createdAt: now },
  });
  const link = `${deps.publicUrl.replace(/\/$/, "")}${lang === "ar" ? "/ar" : ""}/portfolio?id=${c.portfolioId}`;
  await deps.delivery.enqueue(tx, [
    {
      ...{
        userId: c.userId,
        eventId: event.triggerId!,
        triggerId: event.triggerId!,
        push: true,
        webhook: true,
      },
      webhookId: null,
      payload: {
        type: "portfolio.alert",
        ...condition,
        title,
        message,
        url: link,
        triggeredAt: event.createdAt,
      },
    },
  ]);
  if (email === "queued") {
    await deps.outbox.enqueue(
      {
        idempotencyKey: `portfolio-alert:${event.triggerId}`,
        kind: "portfolio-alert",
        to: owner!.email,
        subject: title,
        text: `${message}\n\n${link}\n`,
        html: `<p dir="${lang === "ar" ? "rtl" : "ltr"}">${message.replace(/[<>&]/g, "")}</p><p><a href="${link}">${link}</a></p>`,
      },
      tx,
    );
  }
  return { userId: c.userId, event };
}

/** The bell of every open tab of the owners (stored already: a failure only delays it to the next page). */
export async function announce(bus: Bus, fired: Array<{ userId: string; event: NotificationEvent }>) {
  for (let i = 0; i < fired.length; i += 10) {
    const n = fired.slice(i, i + 10).map(({ userId, event }) => ({ u: userId, e: event, p: 0, w: null }));
    await bus.publish(ALERT_TOPICS.notify, { n });
  }
}
