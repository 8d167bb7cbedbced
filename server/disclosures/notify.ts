import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { NotificationEvent } from "../alerts/types";
import type { Db } from "../db/client";
import { alertNotifications, alertTriggers, user, watchlistItems, watchlists } from "../db/schema";
import type { DeliveryQueue } from "../delivery/types";

/**
 * "New disclosure from a company in my watchlist": each user with the company on any watchlist
 * gets one notice per announcement: in the bell (stored with its history row), and on the push
 * devices and default webhook the user registered. No mail: a company can publish several a day.
 */

const TEXT = {
  en: {
    title: (s: string) => `New disclosure: ${s}`,
    message: (s: string, t: string) => `${s} published: ${t}`,
  },
  ar: { title: (s: string) => `إفصاح جديد: ${s}`, message: (s: string, t: string) => `نشرت ${s}: ${t}` },
};

export interface DisclosureNotice {
  userId: string;
  event: NotificationEvent;
}

/** Who watches these symbols, with their language. */
async function watchers(tx: Db, symbols: string[]) {
  return tx
    .selectDistinct({ userId: watchlists.userId, symbol: watchlistItems.symbol, locale: user.locale })
    .from(watchlistItems)
    .innerJoin(watchlists, eq(watchlists.id, watchlistItems.watchlistId))
    .innerJoin(user, eq(user.id, watchlists.userId))
    .where(inArray(watchlistItems.symbol, symbols));
}

export async function recordDisclosureNotices(
  tx: Db,
  deps: { delivery: DeliveryQueue; siteUrl: string; nameOf(symbol: string, lang: "en" | "ar"): string },
  added: Array<{ id: string; symbol: string; title: string }>,
  now: Date,
): Promise<DisclosureNotice[]> {
  if (added.length === 0) return [];
  const people = await watchers(tx, [...new Set(added.map((a) => a.symbol))]);
  const notices = added.flatMap((d) =>
    people
      .filter((p) => p.symbol === d.symbol)
      .map((p) => {
        const lang = p.locale === "ar" ? "ar" : "en";
        const name = deps.nameOf(d.symbol, lang);
        const event: NotificationEvent = {
          id: randomUUID(),
          alertId: null,
          triggerId: randomUUID(),
          symbol: d.symbol,
          title: TEXT[lang].title(name),
          message: TEXT[lang].message(name, d.title),
          isRead: false,
          createdAt: now.toISOString(),
        };
        return { userId: p.userId, event, disclosure: d, lang };
      }),
  );
  if (notices.length === 0) return [];
  await tx.insert(alertTriggers).values(
    notices.map(({ userId, event, disclosure }) => ({
      id: event.triggerId!,
      userId,
      alertId: null,
      source: "disclosure",
      symbol: disclosure.symbol,
      condition: { disclosureId: disclosure.id },
      title: event.title,
      message: event.message,
      channels: { inApp: "delivered", email: "off", push: "queued", webhook: "queued" },
      triggeredAt: now,
    })),
  );
  await tx.insert(alertNotifications).values(
    notices.map(({ userId, event }) => ({
      id: event.id,
      userId,
      alertId: null,
      triggerId: event.triggerId,
      title: event.title,
      message: event.message,
      createdAt: now,
    })),
  );
  const site = deps.siteUrl.replace(/\/$/, "");
  await deps.delivery.enqueue(
    tx,
    notices.map(({ userId, event, disclosure, lang }) => ({
      userId,
      eventId: event.triggerId!,
      triggerId: event.triggerId!,
      push: true,
      webhook: true,
      webhookId: null,
      payload: {
        type: "disclosure.new",
        symbol: disclosure.symbol,
        disclosureId: disclosure.id,
        title: event.title,
        message: event.message,
        url: `${site}${lang === "ar" ? "/ar" : ""}/markets/${disclosure.symbol.toLowerCase().replace(/\//g, "-")}#disclosures`,
        triggeredAt: now.toISOString(),
      },
    })),
  );
  return notices.map(({ userId, event }) => ({ userId, event }));
}
