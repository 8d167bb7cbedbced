import { and, desc, eq } from "drizzle-orm";
import { AppError } from "#common/errors";
import { WEBHOOK_MESSAGES } from "#common/webhook-schema";
import type { Db } from "../db/client";
import { alertDeliveries, webhookEndpoints } from "../db/schema";
import type { RateLimiter } from "../rate-limit/limiter";
import type { DeliveryQueue } from "./types";
import { notFound } from "./webhook-endpoints";

/**
 * A test event through the same queue as alerts (signed, retried, logged). Refused when the
 * user's delivery rate is spent, rather than queued for later: the user is waiting for it.
 */
export async function sendTestEvent(
  d: { db: Db; queue: DeliveryQueue; rate: () => RateLimiter },
  userId: string,
  id: string,
) {
  const { db } = d;
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw notFound();
  const wait = await d.rate().retryAfterSeconds(userId);
  if (wait > 0) {
    throw new AppError(
      "rate_limited:webhook_test",
      WEBHOOK_MESSAGES.rateLimited.replace("{{seconds}}", String(wait)),
    );
  }
  const eventId = crypto.randomUUID();
  await db.transaction((tx) =>
    d.queue.enqueue(tx, [
      {
        userId,
        eventId,
        triggerId: null,
        payload: {
          type: "test",
          title: "GulfPulse test event",
          message: "If you can read this, your webhook receives GulfPulse alerts.",
          triggeredAt: new Date().toISOString(),
        },
        push: false,
        webhook: true,
        webhookId: id,
      },
    ]),
  );
  const [delivery] = await db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.eventId, eventId), eq(alertDeliveries.userId, userId)))
    .orderBy(desc(alertDeliveries.createdAt))
    .limit(1);
  return { eventId, deliveryId: delivery?.id ?? null };
}
