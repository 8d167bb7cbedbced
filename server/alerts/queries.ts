import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { alertNotifications, priceAlerts } from "../db/schema";
import type { ArmedAlert } from "./alert-index";
import type { AlertType, NotificationRow, PriceAlertRow } from "./types";

// Small named queries (CONVENTIONS 8). Every one that touches a user's rows has the user's id in
// its WHERE clause: a row of another user simply is not found.

const alertColumns = {
  id: priceAlerts.id,
  userId: priceAlerts.userId,
  symbol: priceAlerts.symbol,
  alertType: priceAlerts.alertType,
  targetValue: priceAlerts.targetValue,
  currentValue: priceAlerts.currentValue,
  isActive: priceAlerts.isActive,
  isTriggered: priceAlerts.isTriggered,
  notifyEmail: priceAlerts.notifyEmail,
  createdAt: priceAlerts.createdAt,
};

const notificationColumns = {
  id: alertNotifications.id,
  alertId: alertNotifications.alertId,
  title: alertNotifications.title,
  message: alertNotifications.message,
  isRead: alertNotifications.isRead,
  createdAt: alertNotifications.createdAt,
};

/** A user's alerts: every field, only the user's rows, newest first. */
export function listAlerts({ db, userId }: { db: Db; userId: string }): Promise<PriceAlertRow[]> {
  return db
    .select(alertColumns)
    .from(priceAlerts)
    .where(eq(priceAlerts.userId, userId))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
}

export async function findAlert({ db, userId, alertId }: { db: Db; userId: string; alertId: string }) {
  const [row] = await db
    .select(alertColumns)
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)));
  return row ?? null;
}

/**
 * Inserts unless the user already has `max` alerts. A transaction-scoped advisory lock on the user
 * serialises concurrent creates, so two at once cannot both pass the count.
 */
export async function insertAlertWithinLimit({
  db,
  userId,
  max,
  values,
}: {
  db: Db;
  userId: string;
  max: number;
  values: {
    symbol: string;
    alertType: AlertType;
    targetValue: number;
    currentValue: number | null;
    notifyEmail: boolean;
  };
}): Promise<PriceAlertRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`price_alerts:${userId}`}, 0))`);
    const [{ n }] = await tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
    if (Number(n) >= max) return null;
    const [row] = await tx
      .insert(priceAlerts)
      .values({ ...values, userId, isActive: true, isTriggered: false })
      .returning(alertColumns);
    return row ?? null;
  });
}

/**
 * Updates by id and the owner's user_id, returning the row. Switching on re-arms a triggered alert;
 * a re-armed change % alert measures from `rearmBase` (the price now), or it would fire again at
 * once.
 */
export async function setAlertActive({
  db,
  userId,
  alertId,
  isActive,
  rearmBase,
}: {
  db: Db;
  userId: string;
  alertId: string;
  isActive: boolean;
  rearmBase: number | null;
}): Promise<PriceAlertRow | null> {
  const set = isActive
    ? {
        isActive: true,
        isTriggered: false,
        triggeredAt: null,
        triggeredPrice: null,
        currentValue: sql`case when ${priceAlerts.isTriggered} and ${priceAlerts.alertType} = 'change_percent'
          and ${rearmBase}::numeric is not null then ${rearmBase}::numeric else ${priceAlerts.currentValue} end`,
      }
    : { isActive: false };
  const [row] = await db
    .update(priceAlerts)
    .set(set as any)
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
    .returning(alertColumns);
  return row ?? null;
}

/** Deletes by id and the owner's user_id. */
export async function deleteAlert({ db, userId, alertId }: { db: Db; userId: string; alertId: string }) {
  const rows = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  return rows.length > 0;
}

/** Symbols with armed alerts (an index-only walk of the partial index on armed alerts). */
export async function armedSymbols({ db }: { db: Db }): Promise<string[]> {
  const rows = await db
    .selectDistinct({ symbol: priceAlerts.symbol })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.isActive, true), eq(priceAlerts.isTriggered, false)));
  return rows.map((r) => r.symbol);
}

/**
 * One symbol's armed alerts (the index is rebuilt from these), read through the partial index on
 * armed alerts by symbol. They come back as one JSON text: PGlite decodes every field of every
 * row slowly (about 10 µs each), which made a million-alert rebuild take minutes; one value per
 * symbol is ten times faster there and costs nothing on PostgreSQL.
 */
export async function armedAlertsOf({ db, symbol }: { db: Db; symbol: string }): Promise<ArmedAlert[]> {
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(id, alert_type, target_value, current_value)), '[]')::text
      as alerts
    from ${priceAlerts}
    where symbol = ${symbol} and is_active and not is_triggered`);
  const [row] = (result as unknown as { rows: Array<{ alerts: string }> }).rows;
  const list = JSON.parse(row?.alerts ?? "[]") as Array<[string, AlertType, number, number | null]>;
  return list.map(([id, alertType, targetValue, currentValue]) => ({
    id,
    symbol,
    alertType,
    targetValue: Number(targetValue),
    currentValue: currentValue === null ? null : Number(currentValue),
  }));
}

/** The user's notifications, newest first, at most 20 (the list's size). */
export function listNotifications({
  db,
  userId,
  limit,
}: {
  db: Db;
  userId: string;
  limit: number;
}): Promise<NotificationRow[]> {
  return db
    .select(notificationColumns)
    .from(alertNotifications)
    .where(eq(alertNotifications.userId, userId))
    .orderBy(desc(alertNotifications.createdAt), desc(alertNotifications.id))
    .limit(limit);
}

export async function countUnread({ db, userId }: { db: Db; userId: string }) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(alertNotifications)
    .where(and(eq(alertNotifications.userId, userId), eq(alertNotifications.isRead, false)));
  return Number(n);
}

/** Marks one notification read, by id and the owner's user_id. */
export async function markNotificationRead({
  db,
  userId,
  notificationId,
}: {
  db: Db;
  userId: string;
  notificationId: string;
}) {
  const rows = await db
    .update(alertNotifications)
    .set({ isRead: true })
    .where(and(eq(alertNotifications.id, notificationId), eq(alertNotifications.userId, userId)))
    .returning({ id: alertNotifications.id });
  return rows.length > 0;
}

/** Marks every unread notification of the user read. */
export async function markAllNotificationsRead({ db, userId }: { db: Db; userId: string }) {
  const rows = await db
    .update(alertNotifications)
    .set({ isRead: true })
    .where(and(eq(alertNotifications.userId, userId), eq(alertNotifications.isRead, false)))
    .returning({ id: alertNotifications.id });
  return rows.length;
}
