import { AppError } from "#common/errors";
import type { WebhookFormInput } from "#common/webhook-schema";
import type { Db } from "../db/client";
import type { RateLimiter } from "../rate-limit/limiter";
import { ensureWebhookSecret, rotateWebhookSecret } from "./secrets";
import type { DeliveryQueue } from "./types";
import { addressProblem } from "./webhook-address";
import { insertEndpoint, listEndpoints, removeEndpoint, updateEndpoint } from "./webhook-endpoints";
import { sendTestEvent } from "./webhook-test-event";

export interface WebhooksDeps {
  db: Db;
  queue: DeliveryQueue;
  /** WEBHOOKS_ALLOW_PRIVATE: plain http and private addresses allowed (tests, intranet). */
  allowPrivate: boolean;
  /** The user's webhook delivery rate (limits.webhooksPerMinute), as the worker counts it. */
  rate: () => RateLimiter;
}

/** Every method is scoped by the user's id in its query: another user's endpoint is "not found". */
export function createWebhooks(d: WebhooksDeps) {
  const { db } = d;
  return {
    list: (userId: string) => listEndpoints(db, userId),
    async add(userId: string, input: WebhookFormInput) {
      const problem = await addressProblem(input.url, d.allowPrivate);
      if (problem) throw new AppError("bad_request:webhook_url", problem, { url: problem });
      const row = await insertEndpoint(db, userId, input);
      await ensureWebhookSecret(db, userId);
      return row;
    },
    update: (userId: string, id: string, input: { label?: string; isDefault?: true }) =>
      updateEndpoint(db, userId, id, input),
    /** Removing the default makes the oldest remaining endpoint the default. */
    remove: (userId: string, id: string) => removeEndpoint(db, userId, id),
    /** A test event through the same queue as alerts; refused when the user's delivery rate is spent. */
    sendTest: (userId: string, id: string) => sendTestEvent(d, userId, id),
    /** The signing secret, made on first use; only its owner sees it. */
    secret: (userId: string) => ensureWebhookSecret(db, userId),
    rotateSecret: (userId: string) => rotateWebhookSecret(db, userId),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
