import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import type { AlertFrequency } from "#common/alert-options";
import type { Db } from "../db/client";
import { alertNotifications, alertTriggers, priceAlerts, webhookEndpoints } from "../db/schema";
import type { ArmedAlert } from "./alert-index";
import type { AlertType, NotificationRow, PriceAlertRow, TriggerRow } from "./types";

// Small named queries (CONVENTIONS 8). Every one that touches a user's rows has the user's id in
// its WHERE clause: a row of another user simply is not found.

const alertColumns = {
  id: priceAlerts.id,
  userId: priceAlerts.userId,
  symbol: priceAlerts.symbol,
  alertType: priceAlerts.alertType,
  targetValue: priceAlerts.targetValue,
  currentValue: priceAlerts.currentValue,
  status: priceAlerts.status,
  frequency: priceAlerts.frequency,
  cooldownSeconds: priceAlerts.cooldownSeconds,
  windowMinutes: priceAlerts.windowMinutes,
  expiresAt: priceAlerts.expiresAt,
  errorMessage: priceAlerts.errorMessage,
  notifyEmail: priceAlerts.notifyEmail,
  notifyPush: priceAlerts.notifyPush,
  notifyWebhook: priceAlerts.notifyWebhook,
  webhookId: priceAlerts.webhookId,
  triggeredAt: priceAlerts.triggeredAt,
  triggeredPrice: priceAlerts.triggeredPrice,
  watchlistId: priceAlerts.watchlistId,
  createdAt: priceAlerts.createdAt,
};

/** The fields a user sets on an alert (create, edit, duplicate). */
export interface AlertValues {
  symbol: string;
  alertType: AlertType;
  targetValue: number;
  currentValue: number | null;
  notifyEmail: boolean;
  notifyPush: boolean;
  notifyWebhook: boolean;
  webhookId: string | null;
  frequency: AlertFrequency;
  cooldownSeconds: number | null;
  windowMinutes: number | null;
  expiresAt: Date | null;
}

const notificationColumns = {
  id: alertNotifications.id,
  alertId: alertNotifications.alertId,
  triggerId: alertNotifications.triggerId,
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
  /** watchlistId only on create: an edit keeps it, a duplicate is an alert of its own. */
  values: AlertValues & { watchlistId?: string | null };
}): Promise<PriceAlertRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`price_alerts:${userId}`}, 0))`);
    const [{ n }] = await tx.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
    if (Number(n) >= max) return null;
    const [row] = await tx
      .insert(priceAlerts)
      .values({ ...values, userId, status: "active" })
      .returning(alertColumns);
    return row ?? null;
  });
}

/**
 * Pauses or resumes by id and the owner's user_id, returning the row. Resuming re-arms (the
 * status goes back to active, whatever it was); a re-armed change % alert measures from
 * `rearmBase` (the price now), or it would fire again at once.
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
        status: "active" as const,
        errorMessage: null,
        currentValue: sql`case when ${priceAlerts.status} <> 'active' and ${priceAlerts.alertType} = 'change_percent'
          and ${rearmBase}::numeric is not null then ${rearmBase}::numeric else ${priceAlerts.currentValue} end`,
      }
    : { status: "paused" as const };
  const [row] = await db
    .update(priceAlerts)
    .set(set)
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
    .returning(alertColumns);
  return row ?? null;
}

/**
 * Replaces every field a user sets, by id and the owner's user_id. An edited alert is armed
 * again (active, its base the price now) unless it is paused, which it stays.
 */
export async function updateAlert({
  db,
  userId,
  alertId,
  values,
}: {
  db: Db;
  userId: string;
  alertId: string;
  values: AlertValues;
}): Promise<PriceAlertRow | null> {
  const [row] = await db
    .update(priceAlerts)
    .set({
      ...values,
      errorMessage: null,
      status: sql`case when ${priceAlerts.status} = 'paused' then 'paused' else 'active' end`,
    })
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
    .where(eq(priceAlerts.status, "active"));
  return rows.map((r) => r.symbol);
}

/** Marks the active alerts past their expiry Expired; returns their ids. */
export async function expireDueAlerts({ db, now }: { db: Db; now: Date }): Promise<string[]> {
  const rows = await db
    .update(priceAlerts)
    .set({ status: "expired" })
    .where(and(eq(priceAlerts.status, "active"), lte(priceAlerts.expiresAt, now)))
    .returning({ id: priceAlerts.id });
  return rows.map((r) => r.id);
}

/** Puts these active alerts in the Error state with the reason their owners see. */
export async function markAlertsError({ db, ids, message }: { db: Db; ids: string[]; message: string }) {
  await db.execute(sql`
    update price_alerts set status = 'error', error_message = ${message}
    where id = any(${`{${ids.join(",")}}`}::uuid[]) and status = 'active'`);
}

/** Marks these alerts Expired if they are active and past their expiry (a stale id changes nothing). */
export async function expireAlerts({ db, ids, now }: { db: Db; ids: string[]; now: Date }) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update price_alerts set status = 'expired'
    where id = any(${`{${ids.join(",")}}`}::uuid[]) and status = 'active' and expires_at <= ${now.toISOString()}::timestamptz`);
}

/**
 * One symbol's armed alerts (the index is rebuilt from these), read through the partial index on
 * armed alerts by symbol. They come back as one JSON text: PGlite decodes every field of every
 * row slowly (about 10 µs each), which made a million-alert rebuild take minutes; one value per
 * symbol is ten times faster there and costs nothing on PostgreSQL.
 */
export async function armedAlertsOf({
  db,
  symbol,
}: {
  db: Db;
  symbol: string;
}): Promise<Array<ArmedAlert & { lastFiredAt: number | null }>> {
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(id, alert_type, target_value, current_value, window_minutes,
      frequency, cooldown_seconds, (extract(epoch from expires_at) * 1000)::bigint,
      (extract(epoch from triggered_at) * 1000)::bigint, notify_push or notify_webhook)), '[]')::text as alerts
    from ${priceAlerts}
    where symbol = ${symbol} and status = 'active'`);
  const [row] = (result as unknown as { rows: Array<{ alerts: string }> }).rows;
  const list = JSON.parse(row?.alerts ?? "[]") as ArmedRow[];
  return list.map((r) => armedFromRow(symbol, r));
}

type ArmedRow = [
  string,
  AlertType,
  number,
  number | null,
  number | null,
  AlertFrequency,
  number | null,
  number | null,
  number | null,
  boolean,
];

/** lastFiredAt: when a daily or every alert last fired (it rests until its wake time). */
function armedFromRow(
  symbol: string,
  [
    id,
    alertType,
    target,
    base,
    windowMinutes,
    frequency,
    cooldownSeconds,
    expiresAt,
    lastFiredAt,
    delivers,
  ]: ArmedRow,
): ArmedAlert & { lastFiredAt: number | null } {
  return {
    id,
    symbol,
    alertType,
    targetValue: Number(target),
    currentValue: base === null ? null : Number(base),
    windowMinutes,
    frequency,
    cooldownSeconds,
    expiresAt: expiresAt === null ? null : Number(expiresAt),
    delivers,
    lastFiredAt: lastFiredAt === null ? null : Number(lastFiredAt),
  };
}

/** The user's triggers (the History tab), newest first; one alert's when alertId is given. */
export function listTriggers({
  db,
  userId,
  alertId,
  limit,
}: {
  db: Db;
  userId: string;
  alertId?: string;
  limit: number;
}): Promise<TriggerRow[]> {
  return db
    .select({
      id: alertTriggers.id,
      alertId: alertTriggers.alertId,
      symbol: alertTriggers.symbol,
      condition: alertTriggers.condition,
      price: alertTriggers.price,
      title: alertTriggers.title,
      message: alertTriggers.message,
      channels: alertTriggers.channels,
      triggeredAt: alertTriggers.triggeredAt,
    })
    .from(alertTriggers)
    .where(
      and(
        eq(alertTriggers.userId, userId),
        eq(alertTriggers.source, "price_alert"),
        alertId ? eq(alertTriggers.alertId, alertId) : undefined,
      ),
    )
    .orderBy(desc(alertTriggers.triggeredAt), desc(alertTriggers.id))
    .limit(limit);
}

/** Whether the webhook endpoint is the user's own. */
export async function ownsWebhook({ db, userId, webhookId }: { db: Db; userId: string; webhookId: string }) {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.userId, userId)));
  return rows.length > 0;
}

/** The user's notifications, newest first, at most 20 (the list's size). */
/** A notification with what its trigger stored (null when the trigger row is gone or never was). */
export type NotificationWithTrigger = NotificationRow & {
  trigger: {
    source: string;
    symbol: string | null;
    condition: Record<string, unknown>;
    price: number | null;
  } | null;
};

export function listNotifications({
  db,
  userId,
  limit,
}: {
  db: Db;
  userId: string;
  limit: number;
}): Promise<NotificationWithTrigger[]> {
  return db
    .select({
      ...notificationColumns,
      trigger: {
        source: alertTriggers.source,
        symbol: alertTriggers.symbol,
        condition: alertTriggers.condition,
        price: alertTriggers.price,
      },
    })
    .from(alertNotifications)
    .leftJoin(
      alertTriggers,
      and(
        eq(alertTriggers.id, alertNotifications.triggerId),
        eq(alertTriggers.userId, alertNotifications.userId),
      ),
    )
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
