import type { Db } from "../db/client";
import type { DeliveryQueue } from "../delivery/types";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { MarketService } from "../market/types";
import type { Bus } from "../realtime/bus";
import type { SseHub } from "../realtime/sse-hub";
import type { Settings } from "../settings/settings";
import { AlertIndex } from "./alert-index";
import { alertReads } from "./alert-reads";
import { createAlertWrites } from "./alert-writes";
import { listenForBell } from "./bell";
import { createAlertEvaluator } from "./evaluator";
import { createIndexSync } from "./index-sync";
import { alertInstruments } from "./instruments";
import { registerAlertJobs } from "./jobs";
import { bellReads } from "./notifications";
import { createAlertNotifier } from "./notifier";
import { createTriggerRecorder } from "./trigger-recorder";
import type { Alerts } from "./types";

export { ALERT_TOPICS } from "./topics";

export interface AlertsDeps {
  db: Db;
  bus: Bus;
  sse: SseHub;
  outbox: Outbox;
  jobs: Scheduler;
  log: Logger;
  publicUrl: string;
  /** Instruments, prices and the ticks alerts are evaluated on. */
  market: MarketService;
  /** Admin settings: the per-user alert cap (limits.alertsPerUser). */
  settings?: Pick<Settings, "get">;
  /** The push and webhook delivery queue; without it those channels are recorded as unavailable. */
  deliveries?: DeliveryQueue;
  /** The clock (tests move it across cooldowns, trading days and expiries). */
  now?: () => number;
}

/**
 * Wires the alerts feature. A tick's way to the bell reads one way: market tick → evaluator
 * (index, then the recorder's transaction) → notifier (bus) → every process's bell subscriber →
 * the user's tabs. Writes go through validation and the queries, then re-arm every index.
 */
export function createAlerts(deps: AlertsDeps): Alerts {
  const { db, bus, log, market } = deps;
  const now = deps.now ?? Date.now;
  const index = new AlertIndex();
  const instruments = alertInstruments(market);
  const notifier = createAlertNotifier({ bus });
  const recorder = createTriggerRecorder({
    db,
    outbox: deps.outbox,
    deliveries: deps.deliveries,
    instruments,
    siteUrl: deps.publicUrl,
  });
  const evaluator = createAlertEvaluator({
    index,
    recorder,
    notifier,
    instruments,
    jobs: deps.jobs,
    log,
    now,
  });
  const sync = createIndexSync({ db, bus, log, index, market, instruments, now });
  const writes = createAlertWrites({ db, market, settings: deps.settings, sync, evaluator, now });
  const offs: Array<() => void> = [];

  return {
    index,
    evaluator,
    ...alertReads({ db, market, decimalsOf: instruments.decimalsOf }),
    ...writes,
    ...bellReads({ db, notifier, decimalsOf: instruments.decimalsOf }),

    async start() {
      offs.push(sync.listen(), listenForBell({ bus, sse: deps.sse }));
      const started = performance.now();
      await sync.rebuild();
      log.info({ armed: index.size, ms: Math.round(performance.now() - started) }, "alerts: index built");
      await sync.backfill(index.windowSymbols());
      offs.push(market.onTick((changed) => evaluator.onTick(changed)));
      registerAlertJobs(deps.jobs, { rebuildIndex: sync.rebuild, expireDue: writes.expireDue });
    },

    async stop() {
      for (const off of offs.splice(0)) off();
      // Let a trigger being recorded finish before the database closes.
      await evaluator.idle();
    },
  };
}

export type { Alerts };
