import { randomUUID } from "node:crypto";
import type { NotificationEvent } from "../alerts/types";
import type { Db } from "../db/client";
import { alertNotifications, alertTriggers } from "../db/schema";
import type { DeliveryQueue } from "../delivery/types";
import type { Outbox } from "../mail/outbox";

/**
 * "A company entered / left my saved screen": one notice per company and screen, in the reader's
 * language, through the channels every alert uses: the bell (stored with its history row), the
 * push devices and default webhook the reader registered, and mail when the screen asks for it.
 */
const TEXT = {
  en: {
    entered: (c: string, s: string) => `${c} entered your screen “${s}”`,
    left: (c: string, s: string) => `${c} left your screen “${s}”`,
    enteredMessage: (c: string, s: string) => `${c} now passes the filters of your saved screen “${s}”.`,
    leftMessage: (c: string, s: string) => `${c} no longer passes the filters of your saved screen “${s}”.`,
  },
  ar: {
    entered: (c: string, s: string) => `دخلت ${c} فرزك «${s}»`,
    left: (c: string, s: string) => `خرجت ${c} من فرزك «${s}»`,
    enteredMessage: (c: string, s: string) => `أصبحت ${c} تستوفي شروط فرزك المحفوظ «${s}».`,
    leftMessage: (c: string, s: string) => `لم تعد ${c} تستوفي شروط فرزك المحفوظ «${s}».`,
  },
};

export interface ScreenNoticeInput {
  userId: string;
  email: string;
  locale: string | null;
  screenId: string;
  screenName: string;
  query: string;
  notifyEmail: boolean;
  symbol: string;
  change: "entered" | "left";
}

export interface NoticeDeps {
  delivery: DeliveryQueue;
  outbox: Pick<Outbox, "enqueueMany">;
  siteUrl: string;
  /** A company's name in the reader's language (the symbol when none). */
  nameOf(symbol: string, lang: "en" | "ar"): string;
}

function build(deps: NoticeDeps, n: ScreenNoticeInput, now: Date) {
  const lang: "en" | "ar" = n.locale === "ar" ? "ar" : "en";
  const company = deps.nameOf(n.symbol, lang);
  const t = TEXT[lang];
  const title = n.change === "entered" ? t.entered(company, n.screenName) : t.left(company, n.screenName);
  const message =
    n.change === "entered" ? t.enteredMessage(company, n.screenName) : t.leftMessage(company, n.screenName);
  const event: NotificationEvent = {
    id: randomUUID(),
    alertId: null,
    triggerId: randomUUID(),
    symbol: n.symbol,
    title,
    message,
    isRead: false,
    createdAt: now.toISOString(),
  };
  const site = deps.siteUrl.replace(/\/$/, "");
  const url = `${site}${lang === "ar" ? "/ar" : ""}/screener${n.query ? `?${n.query}` : ""}`;
  return { n, lang, event, url };
}
type Built = ReturnType<typeof build>;

async function store(tx: Db, built: Built[], now: Date) {
  await tx.insert(alertTriggers).values(
    built.map(({ n, event }) => ({
      id: event.triggerId!,
      userId: n.userId,
      alertId: null,
      source: "screen",
      symbol: n.symbol,
      condition: { screenId: n.screenId, change: n.change },
      title: event.title,
      message: event.message,
      channels: {
        inApp: "delivered",
        email: n.notifyEmail ? "queued" : "off",
        push: "queued",
        webhook: "queued",
      },
      triggeredAt: now,
    })),
  );
  await tx.insert(alertNotifications).values(
    built.map(({ n, event }) => ({
      id: event.id,
      userId: n.userId,
      alertId: null,
      triggerId: event.triggerId,
      title: event.title,
      message: event.message,
      createdAt: now,
    })),
  );
}

/** Records the notices in the caller's transaction; returns the bell's events to announce. */
export async function recordScreenNotices(
  tx: Db,
  deps: NoticeDeps,
  notices: ScreenNoticeInput[],
  now: Date,
): Promise<Array<{ userId: string; event: NotificationEvent }>> {
  if (notices.length === 0) return [];
  const built = notices.map((n) => build(deps, n, now));
  await store(tx, built, now);
  await deps.delivery.enqueue(
    tx,
    built.map(({ n, event, url }) => ({
      userId: n.userId,
      eventId: event.triggerId!,
      triggerId: event.triggerId!,
      push: true,
      webhook: true,
      webhookId: null,
      payload: {
        type: `screen.${n.change}`,
        screenId: n.screenId,
        screen: n.screenName,
        symbol: n.symbol,
        title: event.title,
        message: event.message,
        url,
        triggeredAt: now.toISOString(),
      },
    })),
  );
  const mails = built
    .filter(({ n }) => n.notifyEmail)
    .map(({ n, event, lang, url }) => ({
      idempotencyKey: `screen:${event.triggerId}`,
      kind: "screen-alert",
      to: n.email,
      subject: event.title,
      text: `${event.message}\n\n${url}\n`,
      html: `<p dir="${lang === "ar" ? "rtl" : "ltr"}">${event.message.replace(/[<>&]/g, "")}</p><p><a href="${url.replace(/&/g, "&amp;")}">${url.replace(/&/g, "&amp;")}</a></p>`,
    }));
  if (mails.length) await deps.outbox.enqueueMany(mails, tx);
  return built.map(({ n, event }) => ({ userId: n.userId, event }));
}
