import { randomUUID } from "node:crypto";
import { AppError } from "#common/errors";
import { PUSH_MESSAGES } from "#common/push-schema";
import type { Db } from "../db/client";
import type { ChannelSender } from "../delivery/types";
import type { Logger } from "../logger";
import { userSubscriptionIds } from "./subscriptions";
import type { PushTestResult } from "./types";

const TEST_MESSAGE = {
  en: { title: "GulfPulse test notification", message: "Push notifications reach this device." },
  ar: { title: "إشعار تجريبي من GulfPulse", message: "الإشعارات الفورية تصل إلى هذا الجهاز." },
};

/**
 * A test message to every device of the user, sent at once (not queued: the user is waiting),
 * counted as sent, failed and removed (a device the push service no longer knows).
 */
export async function sendTestPush(
  { db, log, sender }: { db: Db; log: Logger; sender: Pick<ChannelSender, "send"> },
  userId: string,
  lang: "en" | "ar",
): Promise<PushTestResult> {
  const targets = await userSubscriptionIds(db, userId);
  if (targets.length === 0) throw new AppError("not_found:push_subscription", PUSH_MESSAGES.noDevices);
  const eventId = randomUUID();
  const payload = { ...TEST_MESSAGE[lang], url: lang === "ar" ? "/ar/account" : "/account" };
  const outcomes = await Promise.all(
    targets.map((target) => sender.send({ id: randomUUID(), userId, eventId, target, payload, attempt: 1 })),
  );
  const result = { sent: 0, failed: 0, removed: 0 };
  for (const o of outcomes) {
    if (o.ok) result.sent++;
    else if (o.gone) result.removed++;
    else result.failed++;
  }
  const limited = outcomes.every((o) => !o.ok && o.retryAfterMs !== undefined && o.statusCode === undefined);
  if (limited) throw new AppError("rate_limited:push", PUSH_MESSAGES.rateLimited);
  if (result.failed > 0) {
    log.warn(
      { userId, errors: outcomes.flatMap((o) => (o.ok ? [] : [o.error])) },
      "push: test message not delivered everywhere",
    );
  }
  return result;
}
