import { ALERTABLE } from "#common/market-wire";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Quote } from "../market/types";
import type { AlertIndex, Candidate } from "./alert-index";
import type { AlertInstruments } from "./instruments";
import type { AlertNotifier, RecordedTrigger } from "./notifier";
import type { TriggerRecorder } from "./trigger-recorder";
import type { AlertEvaluator } from "./types";

/** Statement size: four parameters per alert, far below PostgreSQL's 65,535. */
const CHUNK = 5_000;

export interface EvaluatorDeps {
  index: AlertIndex;
  /** Writes what an evaluation found: triggers (one transaction per batch) and expiries. */
  recorder: TriggerRecorder;
  /** Announces what was recorded on the bus, to every process's bell. */
  notifier: Pick<AlertNotifier, "triggered">;
  instruments: Pick<AlertInstruments, "wakeAfter">;
  /** Only the job leader evaluates, so one process records each tick's triggers. */
  jobs: Pick<Scheduler, "isLeader">;
  log: Logger;
  now: () => number;
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

/** A daily or every alert that fired rests in the index until it may fire again. */
function restFired(index: AlertIndex, candidates: Candidate[], recorded: RecordedTrigger[]) {
  const byId = new Map(candidates.map((c) => [c.alert.id, c.alert]));
  for (const r of recorded) {
    const alert = byId.get(r.event.alertId!);
    if (alert && r.wakeAt !== null) index.add(restingCopy(alert, r.price, r.wakeAt));
  }
}

/**
 * A daily or every candidate the database refused (it fired on another process, or its
 * cooldown runs by the database's record) rests a cooldown's length before it is tried again,
 * instead of being retried on every tick; a once alert refused is done.
 */
function restUnrecorded(
  { index, instruments }: Pick<EvaluatorDeps, "index" | "instruments">,
  batch: Candidate[],
  done: RecordedTrigger[],
  now: number,
) {
  if (done.length === batch.length) return;
  const fired = new Set(done.map((d) => d.event.alertId));
  for (const c of batch) {
    if (fired.has(c.alert.id) || (c.alert.frequency ?? "once") === "once") continue;
    const wakeAt = instruments.wakeAfter(c.alert, now);
    if (wakeAt !== null) index.add({ ...c.alert, wakeAt });
  }
}

/** Marks alerts the index found past their expiry Expired. */
async function expire({ recorder, log }: Pick<EvaluatorDeps, "recorder" | "log">, ids: string[], now: Date) {
  if (ids.length === 0) return;
  try {
    await recorder.expire(ids, now);
  } catch (err) {
    // The expiry job marks them on its next run; the index has already dropped them.
    log.warn({ err }, "alerts: marking expired alerts failed");
  }
}

/**
 * Turns a tick into recorded triggers and hands them on: the index finds candidates in memory,
 * the recorder writes them (tick by tick, one transaction per batch), the notifier publishes them.
 */
export function createAlertEvaluator(deps: EvaluatorDeps): AlertEvaluator {
  const { index, log } = deps;
  // Ticks are recorded one after another, so a slow transaction never has two in flight.
  let queue: Promise<unknown> = Promise.resolve();

  async function record(candidates: Candidate[], now: Date) {
    const recorded: RecordedTrigger[] = [];
    for (let i = 0; i < candidates.length; i += CHUNK) {
      const batch = candidates.slice(i, i + CHUNK);
      try {
        const done = await deps.recorder.record(batch, now);
        recorded.push(...done);
        restUnrecorded(deps, batch, done, now.getTime());
      } catch (err) {
        // Nothing was recorded: put them back so the next tick tries again.
        log.error({ err, alerts: batch.length }, "alerts: recording triggers failed");
        for (const c of batch) index.add(c.alert);
      }
    }
    if (recorded.length === 0) return [];
    restFired(index, candidates, recorded);
    try {
      await deps.notifier.triggered(recorded);
    } catch (err) {
      // The notifications are stored; the page and the bell show them on the next load.
      log.warn({ err }, "alerts: realtime delivery failed");
    }
    return recorded.map((r) => r.event);
  }

  /** Runs after every evaluation queued before it. */
  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  }

  function evaluate(prices: Array<{ symbol: string; price: number }>) {
    const now = new Date(deps.now());
    const candidates = index.collect(prices, now.getTime());
    const expired = index.takeExpired();
    if (candidates.length === 0 && expired.length === 0) return Promise.resolve([]);
    return enqueue(async () => {
      await expire(deps, expired, now);
      return candidates.length > 0 ? record(candidates, now) : [];
    });
  }

  return {
    onTick(all) {
      const changed = alertable(all);
      if (changed.length === 0) return;
      if (!deps.jobs.isLeader()) {
        // Follow the prices, so a new leader judges crossings and windows at once.
        index.observe(changed, deps.now());
        return;
      }
      evaluate(changed).catch((err) => log.error({ err }, "alerts: evaluation failed"));
    },
    evaluate,
    /** Judges one newly armed alert against the last price now, and records it if it holds. */
    settle(alertId, price) {
      const now = new Date(deps.now());
      const candidate = index.takeHolding(alertId, price, now.getTime());
      if (!candidate) return Promise.resolve([]);
      return enqueue(() => record([candidate], now));
    },
    idle: () => queue.then(() => {}),
  };
}
