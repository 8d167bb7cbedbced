import webpush from "web-push";
import type { Db } from "../db/client";
import { outcomeOfError, outcomeOfResponse } from "../delivery/http-outcome";
import type { ChannelSender, SendOutcome } from "../delivery/types";
import { assertPublicHost, publicOnlyAgent } from "../news/address-guard";
import { createRateLimiter } from "../rate-limit/limiter";
import { findSubscription, markDelivered, removeSubscription } from "./subscriptions";
import type { VapidKeys } from "./vapid";

export interface PushSenderOptions {
  db: Db;
  vapid: VapidKeys;
  /** PUSH_TIMEOUT_MS: one attempt, connection to last byte. */
  timeoutMs: number;
  /** limits.pushesPerMinute, read on each send (admins change it at run time). */
  pushesPerMinute: () => number;
  /** Loopback and private push services (tests); production sends only to public addresses. */
  allowPrivate: boolean;
  now?: () => number;
}

/** How long a push service keeps an undelivered message: an alert a day late is no longer news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What the service worker shows (public/sw.js reads these fields). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  icon: string;
  tag: string;
}

export function pushMessageOf(eventId: string, payload: Record<string, unknown>): PushMessage {
  const text = (v: unknown, fallback: string) => (typeof v === "string" && v ? v : fallback);
  return {
    title: text(payload.title, "GulfPulse"),
    body: text(payload.message, ""),
    url: text(payload.url, "/price-alerts"),
    icon: "/favicon.svg",
    // One notification per event: a retried delivery replaces, never repeats, what is shown.
    tag: eventId,
  };
}

/**
 * Sends one Web Push message: the payload encrypted for the subscription (RFC 8291, aes128gcm) and
 * signed with our VAPID key (RFC 8292) by web-push, posted with our own fetch so the status code,
 * latency and timeouts reach the delivery queue. A subscription the push service no longer knows
 * (404, 410) is deleted; rate limits and server errors are retried, honouring Retry-After.
 */
export function createPushSender(o: PushSenderOptions): ChannelSender {
  const now = o.now ?? Date.now;
  return {
    async send(d): Promise<SendOutcome> {
      const sub = await findSubscription(o.db, d.userId, d.target);
      if (!sub) return { ok: false, retry: false, gone: true, error: "push subscription removed" };

      const limiter = createRateLimiter(o.db, {
        name: "pushes",
        limit: Math.max(1, o.pushesPerMinute()),
        windowMs: 60_000,
      });
      if (!(await limiter.hit(d.userId))) {
        const wait = Math.max(1, await limiter.retryAfterSeconds(d.userId)) * 1000;
        return { ok: false, retry: true, retryAfterMs: wait, error: "over the user's push rate limit" };
      }

      const request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(pushMessageOf(d.eventId, d.payload)),
        {
          vapidDetails: o.vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: "high",
          contentEncoding: "aes128gcm",
        },
      );
      const started = performance.now();
      const latency = () => Math.round(performance.now() - started);
      let res: Response;
      try {
        const url = new URL(request.endpoint);
        if (!o.allowPrivate) assertPublicHost(url);
        res = await fetch(url, {
          method: "POST",
          redirect: "manual",
          signal: AbortSignal.timeout(o.timeoutMs),
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: request.body ? new Uint8Array(request.body) : null,
          ...(o.allowPrivate ? {} : { dispatcher: publicOnlyAgent }),
        } as RequestInit);
      } catch (err) {
        return outcomeOfError(err, latency(), o.timeoutMs);
      }
      const outcome = await outcomeOfResponse(res, latency, now());
      if (outcome.ok) await markDelivered(o.db, d.userId, sub.id);
      else if (outcome.statusCode === 404 || outcome.statusCode === 410) {
        // The browser unsubscribed or the subscription expired: it will never work again.
        await removeSubscription(o.db, d.userId, { id: sub.id });
        return { ...outcome, retry: false, gone: true };
      }
      return outcome;
    },
  };
}
