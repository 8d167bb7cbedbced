import { and, desc, eq, sql } from "drizzle-orm";
import type { PushDevice } from "#common/push-schema";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

// The push_subscriptions queries. Every read or write a user asks for names the user's id.

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores this browser's subscription for the user. An endpoint belongs to one browser: when
 * another account subscribes the same browser, the subscription moves to that account (the
 * previous one no longer uses this browser), with the browser's current keys.
 */
export async function saveSubscription(
  db: Db,
  input: { userId: string; endpoint: string; p256dh: string; auth: string; device: string },
): Promise<PushSubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth, device: input.device },
    })
    .returning();
  return row!;
}

export async function listDevices(db: Db, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    createdAt: r.createdAt.toISOString(),
    lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
  }));
}

export async function userSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((r) => r.id);
}

/** The user's subscription with this id (the delivery target), or null. */
export async function findSubscription(
  db: Db,
  userId: string,
  id: string,
): Promise<PushSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
  return row ?? null;
}

/** Removes one of the user's devices, named by its id or by its endpoint; false when none was. */
export async function removeSubscription(
  db: Db,
  userId: string,
  which: { id: string } | { endpoint: string },
): Promise<boolean> {
  const match =
    "id" in which ? eq(pushSubscriptions.id, which.id) : eq(pushSubscriptions.endpoint, which.endpoint);
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(match, eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function markDelivered(db: Db, userId: string, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
}
