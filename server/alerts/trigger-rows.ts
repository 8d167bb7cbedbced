import { randomUUID } from "node:crypto";
import type { AlertFrequency } from "#common/alert-options";
import { type Lang, toLang } from "#common/locale";
import type { DeliveryRequest } from "../delivery/types";
import type { AlertType, NotificationEvent } from "./types";

// What one recorded trigger becomes: the decoded row of the recording statement, its history row
// (alert_triggers) and its push / webhook delivery request.

/**
 * id, user_id, symbol, alert_type, target, base, price, window, frequency, cooldown, push,
 * webhook, webhook_id, email and name (when mailing), the user's locale.
 */
export type TriggeredRow = [
  string,
  string,
  string,
  AlertType,
  number,
  number | null,
  number,
  number | null,
  AlertFrequency,
  number | null,
  boolean,
  boolean,
  string | null,
  string | null,
  string | null,
  string,
];

/** A trigger the database recorded, with the id of its history row (the event id of every channel). */
export interface Triggered {
  id: string;
  userId: string;
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  /** What the move was measured from (change %, window), as the message shows it. */
  currentValue: number | null;
  price: number;
  windowMinutes: number | null;
  frequency: AlertFrequency;
  cooldownSeconds: number | null;
  /** Asked for, and this server has a delivery queue to send them. */
  push: boolean;
  webhook: boolean;
  wantsPush: boolean;
  wantsWebhook: boolean;
  webhookId: string | null;
  email: string | null;
  name: string | null;
  locale: Lang;
  triggerId: string;
}

export function decodeTriggered(
  [
    id,
    userId,
    symbol,
    alertType,
    target,
    base,
    price,
    win,
    frequency,
    cooldown,
    push,
    webhook,
    webhookId,
    email,
    name,
    locale,
  ]: TriggeredRow,
  hasQueue: boolean,
): Triggered {
  return {
    id,
    userId,
    symbol,
    alertType,
    targetValue: Number(target),
    currentValue: base === null ? null : Number(base),
    price: Number(price),
    windowMinutes: win,
    frequency,
    cooldownSeconds: cooldown,
    push: push && hasQueue,
    webhook: webhook && hasQueue,
    wantsPush: push,
    wantsWebhook: webhook,
    webhookId,
    email,
    name,
    locale: toLang(locale),
    triggerId: randomUUID(),
  };
}

const channel = (asked: boolean, queued: boolean) => (!asked ? "off" : queued ? "queued" : "unavailable");

/** The history row: the condition as it was, the price, the texts and each channel's outcome. */
export function historyRow(t: Triggered, event: NotificationEvent, now: Date) {
  return {
    id: t.triggerId,
    userId: t.userId,
    alertId: t.id,
    source: "price_alert",
    symbol: t.symbol,
    condition: {
      type: t.alertType,
      target: t.targetValue,
      windowMinutes: t.windowMinutes,
      frequency: t.frequency,
      cooldownSeconds: t.cooldownSeconds,
      base: t.currentValue,
    },
    price: t.price,
    title: event.title,
    message: event.message,
    channels: {
      inApp: "delivered",
      email: t.email ? "queued" : "off",
      push: channel(t.wantsPush, t.push),
      webhook: channel(t.wantsWebhook, t.webhook),
    },
    triggeredAt: now,
  };
}

/**
 * The delivery queue's requests for the triggers that asked for push or webhook, all in one call
 * per batch (none when no trigger asked: a million alerts without them never touch the queue).
 */
export function deliveryRequests(
  out: Array<{ r: Triggered; event: NotificationEvent }>,
  siteUrl: string,
  at: string,
): DeliveryRequest[] {
  const base = siteUrl.replace(/\/$/, "");
  return out
    .filter(({ r }) => r.push || r.webhook)
    .map(({ r, event }) => ({
      userId: r.userId,
      eventId: r.triggerId,
      triggerId: r.triggerId,
      push: r.push,
      webhook: r.webhook,
      webhookId: r.webhookId,
      payload: {
        type: "alert.triggered",
        alert: {
          id: r.id,
          symbol: r.symbol,
          condition: r.alertType,
          target: r.targetValue,
          windowMinutes: r.windowMinutes,
          frequency: r.frequency,
        },
        price: r.price,
        title: event.title,
        message: event.message,
        url: `${base}/price-alerts?tab=history&alert=${r.id}`,
        triggeredAt: at,
      },
    }));
}
