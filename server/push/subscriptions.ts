import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "#common/errors";
import { PUSH_MESSAGES, type PushDevice } from "#common/push-schema";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

// The push_subscriptions queries. Every read or write a user asks for names the user's id.

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores this browser's subscription for the user, within the per-user cap.
 *
 * An endpoint belongs to one browser. The same account subscribing it again refreshes its keys.
 * Another account may take it over only with the same keys: the browser hands its keys to
 * whoever is signed in on it, while someone who merely learnt the endpoint (a delivery log, a
 * shared link) cannot know them; without them the subscription stays where it is (409).
 *
 * Past `maxDevices` the user's least recently used device (last delivery, else subscription) is
 * dropped to make room: the new browser is the one the reader is using now, and subscriptions of
 * reset or abandoned browsers are never unsubscribed by them.
 */
export async function saveSubscription(
  db: Db,
  input: { userId: string; endpoint: string; p256dh: string; auth: string; device: string },
  maxDevices: number,
): Promise<PushSubscriptionRow> {
  return db.transaction(async (tx) => {
    // One writer per endpoint, then per user, so the owner check, the count and the write agree.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push:${input.endpoint}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push-user:${input.userId}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint));
    if (existing && existing.userId !== input.userId) {
      if (existing.p256dh !== input.p256dh || existing.auth !== input.auth) {
        throw new AppError("conflict:push_subscription", PUSH_MESSAGES.otherAccount);
      }
    }
    if (existing?.userId !== input.userId) await makeRoom(tx, input.userId, maxDevices - 1);
    const [row] = existing
      ? await tx
          .update(pushSubscriptions)
          .set({ userId: input.userId, p256dh: input.p256dh, auth: input.auth, device: input.device })
          .where(eq(pushSubscriptions.id, existing.id))
          .returning()
      : await tx.insert(pushSubscriptions).values(input).returning();
    return row!;
  });
}

/** Removes the user's least recently used devices until at most `keep` are left. */
async function makeRoom(tx: Pick<Db, "select" | "delete">, userId: string, keep: number) {
  const rows = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(
      desc(sql`coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt})`),
      desc(pushSubscriptions.createdAt),
    );
  const drop = rows.slice(Math.max(0, keep)).map((r) => r.id);
  if (drop.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, drop));
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
