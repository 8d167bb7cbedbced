import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AlertType } from "../contracts";
import type { Db } from "../db/client";
import { alertNotifications, user } from "../db/schema";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { AlertIndex, Candidate } from "./alert-index";
import { alertTriggeredMail } from "../mail/mails";
import { notificationText } from "./messages";
import type { AlertEvaluator, NotificationEvent } from "./types";

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

interface TriggeredRow {
  id: string;
  user_id: string;
  symbol: string;
  alert_type: AlertType;
  target_value: string | number;
  current_value: string | number | null;
  notify_email: boolean;
  triggered_at: Date | string;
  email: string;
  name: string;
  price: string | number;
}

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
      const values = sql.join(
        batch.map((c) => sql`(${c.alert.id}::uuid, ${c.price}::numeric)`),
        sql`, `,
      );
      const triggered = rowsOf<TriggeredRow>(
        await tx.execute(sql`
          update price_alerts p
          set is_triggered = true, triggered_at = now(), triggered_price = v.price
          from (values ${values}) as v(id, price), ${user}
          where p.id = v.id and ${user.id} = p.user_id and p.is_active and not p.is_triggered
          returning p.id, p.user_id, p.symbol, p.alert_type, p.target_value, p.current_value,
            p.notify_email, p.triggered_at, v.price, ${user.email} as email, ${user.name} as name`),
      );
      if (triggered.length === 0) return [];
      const texts = triggered.map((r) =>
        notificationText(
          {
            symbol: r.symbol,
            alertType: r.alert_type,
            targetValue: Number(r.target_value),
            currentValue: r.current_value === null ? null : Number(r.current_value),
            price: Number(r.price),
          },
          deps.decimalsOf(r.symbol),
        ),
      );
      const ids = triggered.map(() => randomUUID());
      const inserted = await tx
        .insert(alertNotifications)
        .values(triggered.map((r, i) => ({ id: ids[i]!, userId: r.user_id, alertId: r.id, ...texts[i]! })))
        .returning({ id: alertNotifications.id, createdAt: alertNotifications.createdAt });
      const createdAt = new Map(inserted.map((n) => [n.id, n.createdAt]));
      const out = triggered.map((r, i) => ({
        userId: r.user_id,
        event: {
          id: ids[i]!,
          alertId: r.id,
          symbol: r.symbol,
          title: texts[i]!.title,
          message: texts[i]!.message,
          isRead: false as const,
          createdAt: createdAt.get(ids[i]!)!.toISOString(),
        },
      }));
      for (const r of triggered) {
        if (!r.notify_email) continue;
        // One mail per alert and trigger time: a re-armed alert that fires again mails again.
        const mail = alertTriggeredMail({
          to: r.email,
          name: r.name,
          alertId: r.id,
          triggeredAt: new Date(r.triggered_at),
          symbol: r.symbol,
          condition: r.alert_type,
          target: Number(r.target_value),
          price: Number(r.price),
          siteUrl: deps.siteUrl,
        });
        await deps.outbox.enqueue(mail, tx as unknown as Db);
      }
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
