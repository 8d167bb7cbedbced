import { sql } from "drizzle-orm";
import { AppError } from "#common/errors";
import { type DeliveryLogEntry, WEBHOOK_MESSAGES } from "#common/webhook-schema";
import type { Db } from "../db/client";

/** Deliveries shown per alert: its newest triggers' deliveries, newest first. */
const LOG_LIMIT = 20;

type Row = {
  id: string;
  event_id: string;
  channel: "push" | "webhook";
  status: DeliveryLogEntry["status"];
  created_at: string | Date;
  next_attempt_at: string | Date;
  target_label: string | null;
  attempts: Array<{
    at: string;
    statusCode: number | null;
    latencyMs: number | null;
    error: string | null;
  }> | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();

/**
 * The delivery log of one of the user's alerts: each push or webhook delivery of its triggers,
 * with every attempt (status code, latency, error). Another user's alert is "not found".
 */
export async function alertDeliveryLog(db: Db, userId: string, alertId: string): Promise<DeliveryLogEntry[]> {
  const owned = await db.execute(
    sql`select 1 from price_alerts where id = ${alertId} and user_id = ${userId}`,
  );
  if ((owned as unknown as { rows: unknown[] }).rows.length === 0) {
    throw new AppError("not_found:alert", WEBHOOK_MESSAGES.alertNotFound);
  }
  const result = await db.execute(sql`
    select d.id, d.event_id, d.channel, d.status, d.created_at, d.next_attempt_at,
      coalesce(nullif(w.label, ''), w.url, nullif(p.device, '')) as target_label,
      (select json_agg(json_build_object('at', a.attempted_at, 'statusCode', a.status_code,
          'latencyMs', a.latency_ms, 'error', a.error) order by a.attempted_at)
        from delivery_attempts a where a.delivery_id = d.id) as attempts
    from alert_deliveries d
    join alert_triggers t on t.id = d.trigger_id and t.user_id = ${userId}
    left join webhook_endpoints w on d.channel = 'webhook' and w.id::text = d.target and w.user_id = ${userId}
    left join push_subscriptions p on d.channel = 'push' and p.id::text = d.target and p.user_id = ${userId}
    where d.user_id = ${userId} and t.alert_id = ${alertId}
    order by d.created_at desc, d.id
    limit ${LOG_LIMIT}`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    channel: r.channel,
    targetLabel: r.target_label,
    status: r.status,
    createdAt: iso(r.created_at),
    nextAttemptAt: r.status === "pending" ? iso(r.next_attempt_at) : null,
    attempts: (r.attempts ?? []).map((a) => ({ ...a, at: iso(a.at) })),
  }));
}
