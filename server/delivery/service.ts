import { sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { createRateLimiter } from "../rate-limit/limiter";
import { type Bus, publishInTransaction } from "../realtime/bus";
import { readLimit } from "../settings/limits";
import type { Settings } from "../settings/settings";
import { alertDeliveryLog } from "./delivery-log";
import { insertDeliveries } from "./enqueue";
import type { RetryPolicy } from "./retry-policy";
import type { ChannelSender, DeliveryQueue } from "./types";
import { createWebhookSender } from "./webhook-sender";
import { createWebhooks } from "./webhooks";
import { createDeliveryWorker } from "./worker";

/** Published in the enqueuing transaction: every process's worker looks at the queue at once. */
export const DELIVERY_WAKE_TOPIC = "delivery:wake";

export interface DeliveryDeps {
  db: Db;
  bus: Bus;
  log: Logger;
  settings: Settings;
  config: Pick<Config, "WEBHOOKS_ALLOW_PRIVATE" | "WEBHOOK_TIMEOUT_MS">;
  /** The Web Push channel (server/push); push rows wait in the queue until one is given. */
  pushSender?: ChannelSender;
  /** Tests and the benchmark: short backoff and polls. */
  options?: { policy?: RetryPolicy; pollMs?: number; leaseMs?: number; concurrency?: number };
}

/**
 * Push and webhook delivery: the durable queue alerts write into (in their own transaction), the
 * worker every process runs on it, the webhook endpoints and secrets of each user, and the
 * delivery log (docs/decisions/ on the delivery queue).
 */
export function createDelivery(deps: DeliveryDeps) {
  const { db, bus, log, settings, config } = deps;
  // The count lives in the database, so the limit holds however many processes deliver.
  const webhookRate = () =>
    createRateLimiter(db, {
      name: "webhooks",
      limit: readLimit(settings, "webhooksPerMinute"),
      windowMs: 60_000,
    });
  const queue: DeliveryQueue = {
    async enqueue(tx, requests) {
      if ((await insertDeliveries(tx, requests)) > 0) await publishInTransaction(tx, DELIVERY_WAKE_TOPIC, {});
    },
  };
  const worker = createDeliveryWorker({
    db,
    log,
    senders: {
      webhook: createWebhookSender({
        db,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
      }),
      ...(deps.pushSender ? { push: deps.pushSender } : {}),
    },
    // A lease outlives the slowest attempt by a margin, so a live worker never loses its row.
    leaseMs: deps.options?.leaseMs ?? config.WEBHOOK_TIMEOUT_MS + 30_000,
    policy: deps.options?.policy,
    pollMs: deps.options?.pollMs,
    concurrency: deps.options?.concurrency,
    webhookRate,
  });
  const unsubscribe = bus.subscribe(DELIVERY_WAKE_TOPIC, () => worker.wake());
  const webhooks = createWebhooks({
    db,
    queue,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    rate: webhookRate,
  });
  return {
    queue,
    worker,
    webhooks,
    /**
     * The queue's health for /metrics: rows waiting (pending), in flight (sending) and failed for
     * good in the last day, per channel. Finished rows older than a day are not counted (cheap).
     */
    async backlog(): Promise<Array<{ channel: string; state: string; n: number }>> {
      const result = await db.execute(sql`
        select channel, case when status = 'dead' then 'dead_last_day' else status end as state, count(*)::int as n
        from alert_deliveries
        where status in ('pending', 'sending') or (status = 'dead' and created_at > now() - interval '1 day')
        group by 1, 2`);
      return (result as unknown as { rows: Array<{ channel: string; state: string; n: number }> }).rows;
    },
    /** GET /api/alerts/:id/deliveries. */
    alertLog: (userId: string, alertId: string) => alertDeliveryLog(db, userId, alertId),
    start: () => worker.start(),
    async stop() {
      unsubscribe();
      await worker.stop();
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
