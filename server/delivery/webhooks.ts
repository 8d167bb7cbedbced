import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors";
import { hasCredentials } from "#common/outbound-url";
import {
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_MESSAGES,
  type WebhookEndpointView,
  type WebhookFormInput,
} from "#common/webhook-schema";
import type { Db } from "../db/client";
import { alertDeliveries, webhookEndpoints } from "../db/schema";
import { feedAddressProblem } from "../news/address-guard";
import type { RateLimiter } from "../rate-limit/limiter";
import { ensureWebhookSecret, rotateWebhookSecret } from "./secrets";
import type { DeliveryQueue } from "./types";

export interface WebhooksDeps {
  db: Db;
  queue: DeliveryQueue;
  /** WEBHOOKS_ALLOW_PRIVATE: plain http and private addresses allowed (tests, intranet). */
  allowPrivate: boolean;
  /** The user's webhook delivery rate (limits.webhooksPerMinute), as the worker counts it. */
  rate: () => RateLimiter;
}

const notFound = () => new AppError("not_found:webhook", WEBHOOK_MESSAGES.notFound);

/** Every method is scoped by the user's id in its query: another user's endpoint is "not found". */
export function createWebhooks(d: WebhooksDeps) {
  const { db } = d;

  /** The address rules: https, and (unless allowed) no private, loopback or link-local host. */
  async function addressProblem(raw: string): Promise<string | null> {
    const url = new URL(raw);
    if (hasCredentials(raw)) return WEBHOOK_MESSAGES.credentials;
    if (d.allowPrivate) return null;
    if (url.protocol !== "https:") return WEBHOOK_MESSAGES.notHttps;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (host === "localhost" || host.endsWith(".localhost")) return WEBHOOK_MESSAGES.privateAddress;
    // The same check as admin feed addresses; the sender checks again when it connects (rebinding).
    return (await feedAddressProblem(raw)) ? WEBHOOK_MESSAGES.privateAddress : null;
  }

  async function list(userId: string): Promise<WebhookEndpointView[]> {
    const rows = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    const last = await db.execute(sql`
      select distinct on (target) target, status, last_status_code, created_at
      from alert_deliveries
      where user_id = ${userId} and channel = 'webhook'
      order by target, created_at desc`);
    const byTarget = new Map(
      (last as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => [r.target as string, r]),
    );
    return rows.map((r) => {
      const l = byTarget.get(r.id);
      return {
        id: r.id,
        url: r.url,
        label: r.label,
        isDefault: r.isDefault,
        createdAt: r.createdAt.toISOString(),
        lastDelivery: l
          ? {
              status: l.status as string,
              statusCode: (l.last_status_code as number | null) ?? null,
              at: new Date(l.created_at as string).toISOString(),
            }
          : null,
      };
    });
  }

  async function add(userId: string, input: WebhookFormInput) {
    const problem = await addressProblem(input.url);
    if (problem) throw new AppError("bad_request:webhook_url", problem, { url: problem });
    const row = await db.transaction(async (tx) => {
      // One writer per user at a time, so the count and the insert agree.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${userId}`}, 0))`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId));
      if (Number(n) >= MAX_WEBHOOKS_PER_USER) {
        throw new AppError("conflict:webhook_limit", WEBHOOK_MESSAGES.limit);
      }
      const [inserted] = await tx
        .insert(webhookEndpoints)
        .values({ userId, url: input.url, label: input.label, isDefault: Number(n) === 0 })
        .onConflictDoNothing()
        .returning();
      if (!inserted) {
        throw new AppError("conflict:webhook_duplicate", WEBHOOK_MESSAGES.duplicate, {
          url: WEBHOOK_MESSAGES.duplicate,
        });
      }
      return inserted;
    });
    await ensureWebhookSecret(db, userId);
    return row;
  }

  async function update(userId: string, id: string, input: { label?: string; isDefault?: true }) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .for("update");
      if (!row) throw notFound();
      if (input.label !== undefined) {
        await tx
          .update(webhookEndpoints)
          .set({ label: input.label })
          .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
      }
      // Exactly one default: the chosen one, all others cleared in the same transaction.
      if (input.isDefault) {
        await tx
          .update(webhookEndpoints)
          .set({ isDefault: sql`${webhookEndpoints.id} = ${id}` })
          .where(eq(webhookEndpoints.userId, userId));
      }
    });
  }

  /** Removing the default makes the oldest remaining endpoint the default. */
  async function remove(userId: string, id: string) {
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning();
      if (!gone) throw notFound();
      if (!gone.isDefault) return;
      const [next] = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
        .limit(1);
      if (next)
        await tx.update(webhookEndpoints).set({ isDefault: true }).where(eq(webhookEndpoints.id, next.id));
    });
  }

  /**
   * A test event through the same queue as alerts (signed, retried, logged). Refused when the
   * user's delivery rate is spent, rather than queued for later: the user is waiting for it.
   */
  async function sendTest(userId: string, id: string) {
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

  return {
    list,
    add,
    update,
    remove,
    sendTest,
    /** The signing secret, made on first use; only its owner sees it. */
    secret: (userId: string) => ensureWebhookSecret(db, userId),
    rotateSecret: (userId: string) => rotateWebhookSecret(db, userId),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
