import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { alertNotifications, alertTriggers, user } from "../db/schema";
import type { DeliveryQueue } from "../delivery/types";
import { alertTriggeredMail } from "../mail/mails";
import type { Outbox } from "../mail/outbox";
import type { Candidate } from "./alert-index";
import type { AlertInstruments } from "./instruments";
import { notificationText } from "./messages";
import type { RecordedTrigger } from "./notifier";
import { expireAlerts } from "./queries";
import {
  decodeTriggered,
  deliveryRequests,
  historyRow,
  type Triggered,
  type TriggeredRow,
} from "./trigger-rows";
import type { NotificationEvent } from "./types";

export interface TriggerRecorderDeps {
  db: Db;
  outbox: Outbox;
  /** Push and webhook deliveries, queued in the transaction that records the trigger. */
  deliveries?: DeliveryQueue;
  instruments: AlertInstruments;
  siteUrl: string;
}

/**
 * Records one batch of candidates in one transaction: a conditional update that only an armed
 * alert passes — active, not expired, and for daily not yet fired this trading day, for every
 * past its cooldown — so a second evaluator (or a stale index entry) finds nothing; then the
 * history rows, the notifications, the queued emails and the push / webhook deliveries of those
 * that passed. Resolves with what was recorded.
 */
export interface TriggerRecorder {
  record(batch: Candidate[], now: Date): Promise<RecordedTrigger[]>;
  /** Marks alerts the index found past their expiry Expired. */
  expire(ids: string[], now: Date): Promise<void>;
}

type Recorded = RecordedTrigger & { r: Triggered };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Marks the candidates that may fire triggered and returns them with their owner's mail and locale. */
async function claim(tx: Db, batch: Candidate[], now: Date, dayStart: (symbol: string) => number) {
  const values = sql.join(
    batch.map(
      (c) =>
        sql`(${c.alert.id}::uuid, ${c.price}::numeric, ${c.base ?? c.alert.currentValue}::numeric, ${new Date(
          dayStart(c.alert.symbol),
        ).toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const at = now.toISOString();
  // The rows come back as one JSON text: PGlite decodes each returned field slowly. A change %
  // alert that fires again later (daily, every) measures its next move from this price.
  const result = await tx.execute(sql`
    with t as (
      update price_alerts p
      set status = case when p.frequency = 'once' then 'triggered' else 'active' end,
        triggered_at = ${at}::timestamptz, triggered_price = v.price,
        current_value = case when p.frequency <> 'once' and p.alert_type = 'change_percent'
          then v.price else p.current_value end
      from (values ${values}) as v(id, price, base, day_start)
      where p.id = v.id and p.status = 'active'
        and (p.expires_at is null or p.expires_at > ${at}::timestamptz)
        and (p.frequency = 'once' or p.triggered_at is null
          or (p.frequency = 'daily' and p.triggered_at < v.day_start)
          or (p.frequency = 'every' and p.triggered_at
            <= ${at}::timestamptz - make_interval(secs => greatest(coalesce(p.cooldown_seconds, 60), 60))))
      returning p.id, p.user_id, p.symbol, p.alert_type, p.target_value, v.base, v.price, p.window_minutes,
        p.frequency, p.cooldown_seconds, p.notify_push, p.notify_webhook, p.webhook_id, p.notify_email
    )
    select coalesce(json_agg(json_build_array(t.id, t.user_id, t.symbol, t.alert_type, t.target_value,
      t.base, t.price, t.window_minutes, t.frequency, t.cooldown_seconds, t.notify_push, t.notify_webhook,
      t.webhook_id, case when t.notify_email then ${user.email} end,
      case when t.notify_email then ${user.name} end, ${user.locale})), '[]')::text as rows
    from t join ${user} on ${user.id} = t.user_id`);
  return JSON.parse(rowsOf<{ rows: string }>(result)[0]?.rows ?? "[]") as TriggeredRow[];
}

/** One mail per alert and trigger time: an alert that fires again mails again. */
function mailsOf(triggered: Triggered[], now: Date, siteUrl: string) {
  return triggered.flatMap((r) =>
    r.email
      ? [
          alertTriggeredMail({
            to: r.email,
            name: r.name ?? undefined,
            alertId: r.id,
            triggeredAt: now,
            symbol: r.symbol,
            condition: r.alertType,
            target: r.targetValue,
            windowMinutes: r.windowMinutes,
            price: r.price,
            siteUrl,
            locale: r.locale,
          }),
        ]
      : [],
  );
}

export function createTriggerRecorder(deps: TriggerRecorderDeps): TriggerRecorder {
  const { instruments } = deps;

  /** The notification of each trigger, in its owner's language, and when its alert wakes again. */
  function notificationsOf(triggered: Triggered[], now: Date): Recorded[] {
    const at = now.toISOString();
    return triggered.map((r) => {
      const text = notificationText(r, instruments.decimalsOf(r.symbol), r.locale);
      const event: NotificationEvent = {
        id: randomUUID(),
        alertId: r.id,
        triggerId: r.triggerId,
        symbol: r.symbol,
        ...text,
        isRead: false,
        createdAt: at,
      };
      return { userId: r.userId, event, price: r.price, wakeAt: instruments.wakeAfter(r, now.getTime()), r };
    });
  }

  async function write(tx: Db, out: Recorded[], now: Date) {
    await tx.insert(alertTriggers).values(out.map(({ r, event }) => historyRow(r, event, now)));
    await tx.insert(alertNotifications).values(
      out.map(({ userId, event }) => ({
        id: event.id,
        userId,
        alertId: event.alertId,
        triggerId: event.triggerId,
        title: event.title,
        message: event.message,
        createdAt: now,
      })),
    );
    await deps.outbox.enqueueMany(
      mailsOf(
        out.map((o) => o.r),
        now,
        deps.siteUrl,
      ),
      tx,
    );
    const requests = deliveryRequests(out, deps.siteUrl, now.toISOString());
    if (requests.length > 0) await deps.deliveries!.enqueue(tx, requests);
  }

  return {
    record: (batch, now) =>
      deps.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const rows = await claim(tx, batch, now, (symbol) =>
          instruments.tradingDayStart(symbol, now.getTime()),
        );
        if (rows.length === 0) return [];
        const out = notificationsOf(
          rows.map((row) => decodeTriggered(row, deps.deliveries !== undefined)),
          now,
        );
        await write(tx, out, now);
        return out.map(({ userId, event, price, wakeAt }) => ({ userId, event, price, wakeAt }));
      }),
    expire: (ids, now) => expireAlerts({ db: deps.db, ids, now }),
  };
}
