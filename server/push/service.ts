import { ECDH, randomUUID } from "node:crypto";
import { AppError } from "#common/errors";
import {
  MAX_PUSH_DEVICES_PER_USER,
  PUSH_MESSAGES,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "#common/push-schema";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { feedAddressProblem } from "../news/address-guard";
import { readLimit } from "../settings/limits";
import type { Settings } from "../settings/settings";
import { deviceLabel } from "./device-label";
import { createPushSender } from "./sender";
import { listDevices, removeSubscription, saveSubscription, userSubscriptionIds } from "./subscriptions";
import type { PushService } from "./types";
import { loadOrCreateVapidKeys } from "./vapid";

export type { PushService, PushTestResult } from "./types";

export interface PushDeps {
  db: Db;
  log: Logger;
  settings: Pick<Settings, "get">;
  config: Pick<
    Config,
    | "NODE_ENV"
    | "VAPID_PUBLIC_KEY"
    | "VAPID_PRIVATE_KEY"
    | "VAPID_SUBJECT"
    | "PUSH_TIMEOUT_MS"
    | "publicUrl"
    | "MAIL_TEAM_ADDRESS"
  >;
}

const TEST_MESSAGE = {
  en: { title: "GulfPulse test notification", message: "Push notifications reach this device." },
  ar: { title: "إشعار تجريبي من GulfPulse", message: "الإشعارات الفورية تصل إلى هذا الجهاز." },
};

/**
 * Builds services.push. In production a push address must be https on a public host (a user
 * hands us the URL we then POST to); elsewhere loopback push services (tests) are allowed.
 */
export async function createPush(deps: PushDeps): Promise<PushService> {
  const { db, config } = deps;
  const production = config.NODE_ENV === "production";
  const vapid = await loadOrCreateVapidKeys(db, config);
  const sender = createPushSender({
    db,
    vapid,
    timeoutMs: config.PUSH_TIMEOUT_MS,
    pushesPerMinute: () => readLimit(deps.settings, "pushesPerMinute"),
    allowPrivate: !production,
  });

  return {
    publicKey: vapid.publicKey,
    sender,

    async subscribe(userId, input, userAgent) {
      const parsed = pushSubscriptionSchema.safeParse(input);
      if (!parsed.success) {
        throw new AppError(
          "bad_request:push_subscription",
          parsed.error.issues[0]?.message ?? PUSH_MESSAGES.badKeys,
        );
      }
      const { endpoint, keys } = parsed.data;
      if (production && new URL(endpoint).protocol !== "https:") {
        throw new AppError("bad_request:push_subscription", PUSH_MESSAGES.insecureEndpoint);
      }
      // The address guard the sender applies on every attempt, here too: an address we would never
      // post to is refused when the browser hands it over, not stored to fail at each alert.
      if (production && (await feedAddressProblem(endpoint))) {
        throw new AppError("bad_request:push_subscription", PUSH_MESSAGES.privateEndpoint);
      }
      if (!isP256Point(keys.p256dh))
        throw new AppError("bad_request:push_subscription", PUSH_MESSAGES.badKeys);
      const row = await saveSubscription(
        db,
        { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, device: deviceLabel(userAgent) },
        MAX_PUSH_DEVICES_PER_USER,
      );
      return {
        id: row.id,
        device: row.device,
        createdAt: row.createdAt.toISOString(),
        lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      };
    },

    async unsubscribe(userId, input) {
      const parsed = pushUnsubscribeSchema.safeParse(input);
      if (!parsed.success || !(await removeSubscription(db, userId, parsed.data))) {
        throw new AppError("not_found:push_subscription", PUSH_MESSAGES.notFound);
      }
    },

    devices: (userId) => listDevices(db, userId),

    async sendTest(userId, lang) {
      const targets = await userSubscriptionIds(db, userId);
      if (targets.length === 0) throw new AppError("not_found:push_subscription", PUSH_MESSAGES.noDevices);
      const eventId = randomUUID();
      const payload = { ...TEST_MESSAGE[lang], url: lang === "ar" ? "/ar/account" : "/account" };
      const outcomes = await Promise.all(
        targets.map((target) =>
          sender.send({ id: randomUUID(), userId, eventId, target, payload, attempt: 1 }),
        ),
      );
      const result = { sent: 0, failed: 0, removed: 0 };
      for (const o of outcomes) {
        if (o.ok) result.sent++;
        else if (o.gone) result.removed++;
        else result.failed++;
      }
      const limited = outcomes.every(
        (o) => !o.ok && o.retryAfterMs !== undefined && o.statusCode === undefined,
      );
      if (limited) throw new AppError("rate_limited:push", PUSH_MESSAGES.rateLimited);
      if (result.failed > 0) {
        deps.log.warn(
          { userId, errors: outcomes.flatMap((o) => (o.ok ? [] : [o.error])) },
          "push: test message not delivered everywhere",
        );
      }
      return result;
    },
  };
}

/** Whether a base64url text is an uncompressed point on P-256 (RFC 8291 needs one). */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, "base64url"), "prime256v1");
    return true;
  } catch {
    return false;
  }
}
