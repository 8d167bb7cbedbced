import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { toLang } from "#common/locale";
import type { Db } from "../db/client";
import { alertNotifications, user } from "../db/schema";
import type { Logger } from "../logger";
import { alertTriggeredMail } from "../mail/mails";
import type { Outbox } from "../mail/outbox";
import type { AlertIndex, Candidate } from "./alert-index";
import { notificationText } from "./messages";
import type { AlertEvaluator, AlertType, NotificationEvent } from "./types";

/** Statement size: two parameters per alert, far below PostgreSQL's 65,535. */
const CHUNK = 5_000;

export interface EvaluatorDeps {
  db: Db;
  index: AlertIndex;
  outbox: Outbox;
  log: Logger;
  /** Only the job leader evaluates, so one process records each tick's triggers. */
  isLeader(): boolean;
  decimalsOf(symbol: string): number;
  siteUrl: string;
  /** Hands the recorded notifications to every process (they own the SSE connections). */
  deliver(events: Array<{ userId: string; event: NotificationEvent }>): Promise<void>;
  /** Trigger time, for the latency benchmark. */
  onRecorded?(events: NotificationEvent[], detectedAt: number): void;
}

/** id, user_id, symbol, alert_type, target, base, price, email and name (when mailing), the user's locale. */
type TriggeredRow = [
  string,
  string,
  string,
  AlertType,
  number,
  number | null,
  number,
  string | null,
  string | null,
  string,
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Turns a tick into recorded triggers. The index finds candidates in memory; one transaction per
 * batch marks them triggered — `where ... is_active and not is_triggered` makes a second evaluator
 * (or a stale index entry) find nothing — and inserts the notifications and queued emails.
 */
export function createAlertEvaluator(deps: EvaluatorDeps): AlertEvaluator {
  const { db, index, log } = deps;
  // Ticks are recorded one after another, so a slow transaction never has two in flight.
  let queue: Promise<unknown> = Promise.resolve();

  async function recordChunk(batch: Candidate[]) {
    return db.transaction(async (tx) => {
      const now = new Date();
      const values = sql.join(
        batch.map((c) => sql`(${c.alert.id}::uuid, ${c.price}::numeric)`),
        sql`, `,
      );
      // The rows come back as one JSON text: PGlite decodes each returned field slowly.
      const result = await tx.execute(sql`
        with t as (
          update price_alerts p
          set is_triggered = true, triggered_at = ${now.toISOString()}::timestamptz, triggered_price = v.price
          from (values ${values}) as v(id, price)
          where p.id = v.id and p.is_active and not p.is_triggered
          returning p.id, p.user_id, p.symbol, p.alert_type, p.target_value, p.current_value,
            p.notify_email, v.price
        )
        select coalesce(json_agg(json_build_array(t.id, t.user_id, t.symbol, t.alert_type, t.target_value,
          t.current_value, t.price, case when t.notify_email then ${user.email} end,
          case when t.notify_email then ${user.name} end, ${user.locale})), '[]')::text as rows
        from t join ${user} on ${user.id} = t.user_id`);
      const triggered = (JSON.parse(rowsOf<{ rows: string }>(result)[0]?.rows ?? "[]") as TriggeredRow[]).map(
        ([id, userId, symbol, alertType, target, base, price, email, name, locale]) => ({
          id,
          userId,
          symbol,
          alertType,
          targetValue: Number(target),
          currentValue: base === null ? null : Number(base),
          price: Number(price),
          email,
          name,
          locale: toLang(locale),
        }),
      );
      if (triggered.length === 0) return [];
      const out = triggered.map((r) => {
        const text = notificationText(r, deps.decimalsOf(r.symbol), r.locale);
        const event: NotificationEvent = {
          id: randomUUID(),
          alertId: r.id,
          symbol: r.symbol,
          ...text,
          isRead: false,
          createdAt: now.toISOString(),
        };
        return { userId: r.userId, event };
      });
      await tx.insert(alertNotifications).values(
        out.map(({ userId, event }) => ({
          id: event.id,
          userId,
          alertId: event.alertId,
          title: event.title,
          message: event.message,
          createdAt: now,
        })),
      );
      // One mail per alert and trigger time: a re-armed alert that fires again mails again.
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
                price: r.price,
                siteUrl: deps.siteUrl,
                locale: r.locale,
              }),
            ]
          : [],
      );
      await deps.outbox.enqueueMany(mails, tx as unknown as Db);
      return out;
    });
  }

  async function record(candidates: Candidate[], detectedAt: number) {
    const recorded: Array<{ userId: string; event: NotificationEvent }> = [];
    for (let i = 0; i < candidates.length; i += CHUNK) {
      const batch = candidates.slice(i, i + CHUNK);
      try {
        recorded.push(...(await recordChunk(batch)));
      } catch (err) {
        // Nothing was recorded: put them back so the next tick tries again.
        log.error({ err, alerts: batch.length }, "alerts: recording triggers failed");
        for (const c of batch) index.add(c.alert);
      }
    }
    if (recorded.length === 0) return [];
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

  function evaluate(prices: Array<{ symbol: string; price: number }>) {
    const detectedAt = performance.now();
    const candidates = index.collect(prices);
    if (candidates.length === 0) return Promise.resolve([]);
    const run = queue.then(() => record(candidates, detectedAt));
    queue = run.catch(() => {});
    return run;
  }

  return {
    onTick(changed) {
      if (!deps.isLeader() || changed.length === 0) return;
      evaluate(changed).catch((err) => log.error({ err }, "alerts: evaluation failed"));
    },
    evaluate,
    idle: () => queue.then(() => {}),
  };
}
