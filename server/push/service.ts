import { AppError } from "#common/errors";
import { MAX_PUSH_DEVICES_PER_USER, PUSH_MESSAGES, pushUnsubscribeSchema } from "#common/push-schema";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { readLimit } from "../settings/limits";
import type { Settings } from "../settings/settings";
import { deviceLabel } from "./device-label";
import { createPushSender } from "./sender";
import { checkedSubscription } from "./subscription-check";
import { listDevices, removeSubscription, saveSubscription } from "./subscriptions";
import { sendTestPush } from "./test-push";
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
      const { endpoint, keys } = await checkedSubscription(input, production);
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

    sendTest: (userId, lang) => sendTestPush({ db, log: deps.log, sender }, userId, lang),
  };
}
