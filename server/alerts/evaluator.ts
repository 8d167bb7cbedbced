import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AlertFrequency } from "#common/alert-options";
import { ALERTABLE } from "#common/market-wire";
import type { Db } from "../db/client";
import { alertNotifications, alertTriggers, user } from "../db/schema";
import type { DeliveryQueue } from "../delivery/types";
import type { Logger } from "../logger";
import { alertTriggeredMail } from "../mail/mails";
import type { Outbox } from "../mail/outbox";
import type { Quote } from "../market/types";
import type { AlertIndex, Candidate } from "./alert-index";
import { notificationText } from "./messages";
import { expireAlerts } from "./queries";
import { decodeTriggered, deliveryRequests, historyRow, type TriggeredRow } from "./trigger-rows";
import type { AlertEvaluator, NotificationEvent } from "./types";

/** Statement size: four parameters per alert, far below PostgreSQL's 65,535. */
const CHUNK = 5_000;

export interface EvaluatorDeps {
  db: Db;
  index: AlertIndex;
  outbox: Outbox;
  /** Push and webhook deliveries, queued in the transaction that records the trigger. */
  deliveries?: DeliveryQueue;
  log: Logger;
  /** Only the job leader evaluates, so one process records each tick's triggers. */
  isLeader(): boolean;
  decimalsOf(symbol: string): number;
  /** The start of the symbol's current trading day (a daily alert fires once per day). */
  tradingDayStart(symbol: string, now: number): number;
  /** When an alert that fired now may fire again (null: once, it is done). */
  wakeAfter(
    alert: { symbol: string; frequency?: AlertFrequency; cooldownSeconds?: number | null },
    firedAt: number,
  ): number | null;
  siteUrl: string;
  now(): number;
  /** Hands the recorded notifications to every process (they own the SSE connections). */
  deliver(events: RecordedTrigger[]): Promise<void>;
  /** Trigger time, for the latency benchmark. */
  onRecorded?(events: NotificationEvent[], detectedAt: number): void;
}

/** A recorded trigger: the notification for its owner, the price, and when the alert wakes again (if it does). */
export interface RecordedTrigger {
  userId: string;
  event: NotificationEvent;
  price: number;
  wakeAt: number | null;
}

/**
 * The index copy of an alert that fired and rests until `wakeAt`: a change % alert measures its
 * next move from the price it fired at (as the database now says). Every process applies it.
 */
export function restingCopy(alert: Candidate["alert"], price: number, wakeAt: number) {
  return {
    ...alert,
    currentValue: alert.alertType === "change_percent" ? price : alert.currentValue,
    wakeAt,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Turns a tick into recorded triggers. The index finds candidates in memory; one transaction per
 * batch records them with a conditional update that only an armed alert passes — active, not
 * expired, and for daily not yet fired this trading day, for every past its cooldown — so a
 * second evaluator (or a stale index entry) finds nothing. The same transaction writes the
 * history rows, the notifications, the queued emails and the push / webhook deliveries.
 */
export function createAlertEvaluator(deps: EvaluatorDeps): AlertEvaluator {
  const { db, index, log } = deps;
  // Ticks are recorded one after another, so a slow transaction never has two in flight.
  let queue: Promise<unknown> = Promise.resolve();

  async function recordChunk(batch: Candidate[], now: Date): Promise<RecordedTrigger[]> {
    return db.transaction(async (tx) => {
      const values = sql.join(
        batch.map(
          (c) =>
            sql`(${c.alert.id}::uuid, ${c.price}::numeric, ${c.base ?? c.alert.currentValue}::numeric, ${new Date(
              deps.tradingDayStart(c.alert.symbol, now.getTime()),
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
      const rows = JSON.parse(rowsOf<{ rows: string }>(result)[0]?.rows ?? "[]") as TriggeredRow[];
      if (rows.length === 0) return [];
      const triggered = rows.map((row) => decodeTriggered(row, deps.deliveries !== undefined));
      const out = triggered.map((r): RecordedTrigger & { r: typeof r } => {
        const text = notificationText(r, deps.decimalsOf(r.symbol), r.locale);
        const event: NotificationEvent = {
          id: randomUUID(),
          alertId: r.id,
          triggerId: r.triggerId,
          symbol: r.symbol,
          ...text,
          isRead: false,
          createdAt: at,
        };
        const wakeAt = deps.wakeAfter(r, now.getTime());
        return { userId: r.userId, event, price: r.price, wakeAt, r };
      });
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
      // One mail per alert and trigger time: an alert that fires again mails again.
      const mails = triggered.flatMap((r) =>
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
                siteUrl: deps.siteUrl,
                locale: r.locale,
              }),
            ]
          : [],
      );
      await deps.outbox.enqueueMany(mails, tx as unknown as Db);
      const requests = deliveryRequests(out, deps.siteUrl, at);
      if (requests.length > 0) await deps.deliveries!.enqueue(tx as unknown as Db, requests);
      return out.map(({ userId, event, price, wakeAt }) => ({ userId, event, price, wakeAt }));
    });
  }

  async function record(candidates: Candidate[], detectedAt: number, now: Date) {
    const recorded: RecordedTrigger[] = [];
    for (let i = 0; i < candidates.length; i += CHUNK) {
      const batch = candidates.slice(i, i + CHUNK);
      try {
        const done = await recordChunk(batch, now);
        recorded.push(...done);
        restUnrecorded(batch, done, now.getTime());
      } catch (err) {
        // Nothing was recorded: put them back so the next tick tries again.
        log.error({ err, alerts: batch.length }, "alerts: recording triggers failed");
        for (const c of batch) index.add(c.alert);
      }
    }
    if (recorded.length === 0) return [];
    const byId = new Map(candidates.map((c) => [c.alert.id, c.alert]));
    for (const r of recorded) {
      const alert = byId.get(r.event.alertId!);
      if (alert && r.wakeAt !== null) index.add(restingCopy(alert, r.price, r.wakeAt));
    }
    const events = recorded.map((r) => r.event);
    deps.onRecorded?.(events, detectedAt);
    try {
      await deps.deliver(recorded);
    } catch (err) {
      // The notifications are stored; the page and the bell show them on the next load.
      log.warn({ err }, "alerts: realtime delivery failed");
    }
    return events;
  }

  /**
   * A daily or every candidate the database refused (it fired on another process, or its
   * cooldown runs by the database's record) rests a cooldown's length before it is tried again,
   * instead of being retried on every tick; a once alert refused is done.
   */
  function restUnrecorded(batch: Candidate[], done: RecordedTrigger[], now: number) {
    if (done.length === batch.length) return;
    const fired = new Set(done.map((d) => d.event.alertId));
    for (const c of batch) {
      if (fired.has(c.alert.id) || (c.alert.frequency ?? "once") === "once") continue;
      const wakeAt = deps.wakeAfter(c.alert, now);
      if (wakeAt !== null) index.add({ ...c.alert, wakeAt });
    }
  }

  async function expire(ids: string[], now: Date) {
    if (ids.length === 0) return;
    try {
      await expireAlerts({ db, ids, now });
    } catch (err) {
      // The expiry job marks them on its next run; the index has already dropped them.
      log.warn({ err }, "alerts: marking expired alerts failed");
    }
  }

  /**
   * Only a price shown as current reaches the alerts: a stale trade (older than its exchange's
   * last session) never fires or arms one. One pass, no copy while every quote is
   * usable (the common tick).
   */
  function alertable(changed: Quote[]): Quote[] {
    for (let i = 0; i < changed.length; i++) {
      if (!ALERTABLE.has(changed[i]!.freshness)) return changed.filter((q) => ALERTABLE.has(q.freshness));
    }
    return changed;
  }

  function evaluate(prices: Array<{ symbol: string; price: number }>) {
    const detectedAt = performance.now();
    const now = new Date(deps.now());
    const candidates = index.collect(prices, now.getTime());
    const expired = index.takeExpired();
    if (candidates.length === 0 && expired.length === 0) return Promise.resolve([]);
    const run = queue.then(async () => {
      await expire(expired, now);
      return candidates.length > 0 ? record(candidates, detectedAt, now) : [];
    });
    queue = run.catch(() => {});
    return run;
  }

  /** Judges one newly armed alert against the last price now, and records it if it holds. */
  function settle(alertId: string, price: number) {
    const now = new Date(deps.now());
    const candidate = index.takeHolding(alertId, price, now.getTime());
    if (!candidate) return Promise.resolve([]);
    const detectedAt = performance.now();
    const run = queue.then(() => record([candidate], detectedAt, now));
    queue = run.catch(() => {});
    return run;
  }

  return {
    onTick(all) {
      const changed = alertable(all);
      if (changed.length === 0) return;
      if (!deps.isLeader()) {
        // Follow the prices, so a new leader judges crossings and windows at once.
        index.observe(changed, deps.now());
        return;
      }
      evaluate(changed).catch((err) => log.error({ err }, "alerts: evaluation failed"));
    },
    evaluate,
    settle,
    idle: () => queue.then(() => {}),
  };
}
