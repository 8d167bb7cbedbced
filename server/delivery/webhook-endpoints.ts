import { and, asc, count, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors";
import {
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_MESSAGES,
  type WebhookEndpointView,
  type WebhookFormInput,
} from "#common/webhook-schema";
import type { Db } from "../db/client";
import { webhookEndpoints } from "../db/schema";

// A user's webhook endpoints, each query scoped by the user's id: another user's endpoint is
// "not found".

export const notFound = () => new AppError("not_found:webhook", WEBHOOK_MESSAGES.notFound);

/** The endpoints, oldest first, each with its last delivery's outcome. */
export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpointView[]> {
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

/** Adds an endpoint within the per-user limit; the user's first one is the default. */
export function insertEndpoint(db: Db, userId: string, input: WebhookFormInput) {
  return db.transaction(async (tx) => {
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
}

export function updateEndpoint(
  db: Db,
  userId: string,
  id: string,
  input: { label?: string; isDefault?: true },
) {
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
export async function removeEndpoint(db: Db, userId: string, id: string) {
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
