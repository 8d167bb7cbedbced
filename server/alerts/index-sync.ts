import { randomUUID } from "node:crypto";
import { ALERT_MESSAGES } from "#common/alert-schema";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import type { MarketService } from "../market/types";
import type { Bus } from "../realtime/bus";
import type { AlertIndexChange, AlertNotifyItem } from "../realtime/bus-topics";
import { AlertIndex, type ArmedAlert } from "./alert-index";
import { restingCopy } from "./evaluator";
import type { AlertInstruments } from "./instruments";
import { armedAlertsOf, armedSymbols, markAlertsError } from "./queries";
import { ALERT_TOPICS } from "./topics";
import type { PriceAlertRow } from "./types";

export interface IndexSyncDeps {
  db: Db;
  bus: Bus;
  log: Logger;
  /** This process's index, the one the evaluator reads. */
  index: AlertIndex;
  /** The 1-day bars that fill a window alert's price history. */
  market: Pick<MarketService, "history">;
  instruments: Pick<AlertInstruments, "wakeAfter">;
  now: () => number;
}

/**
 * Keeps every process's alert index equal to the armed rows of the database: a write changes the
 * local index and tells the others on the bus, each process follows the triggers recorded
 * elsewhere, and a rebuild re-reads the table (at start, after the bus reconnects, periodically)
 * without losing the changes that land while it reads.
 */
export interface IndexSync {
  /** The index entry of a written row: a daily or every alert that fired rests until it may fire again. */
  armed(row: PriceAlertRow): ArmedAlert;
  /** Applies locally now and tells the other processes. */
  change(op: { add?: ArmedAlert; remove?: string[] }): Promise<void>;
  rebuild(): Promise<void>;
  /** Loads the recent prices of symbols with window alerts from the market's bars (1 day of them). */
  backfill(symbols: string[]): Promise<void>;
  /** Follows the other processes' changes and triggers; returns the unsubscribe function. */
  listen(): () => void;
}

/** The index entry of an active row: a daily or every alert that fired rests until it may fire again. */
function restingUntilWake(
  { instruments, now }: Pick<IndexSyncDeps, "instruments" | "now">,
  a: ArmedAlert,
  lastFiredAt: number | null,
): ArmedAlert {
  const wakeAt = lastFiredAt === null ? null : instruments.wakeAfter(a, lastFiredAt);
  return wakeAt !== null && wakeAt > now() ? { ...a, wakeAt } : a;
}

/** What the evaluator needs of a row. */
function armedOf(r: PriceAlertRow): ArmedAlert {
  return {
    id: r.id,
    symbol: r.symbol,
    alertType: r.alertType,
    targetValue: r.targetValue,
    currentValue: r.currentValue,
    windowMinutes: r.windowMinutes,
    frequency: r.frequency,
    cooldownSeconds: r.cooldownSeconds,
    expiresAt: r.expiresAt?.getTime() ?? null,
    delivers: r.notifyPush || r.notifyWebhook,
  };
}

async function loadIndex(
  db: Db,
  target: AlertIndex,
  entry: (a: ArmedAlert, lastFiredAt: number | null) => ArmedAlert,
) {
  const broken: string[] = [];
  for (const symbol of await armedSymbols({ db })) {
    const rows = await armedAlertsOf({ db, symbol });
    for (const r of rows) if (!AlertIndex.indexable(r)) broken.push(r.id);
    target.load(rows.map(({ lastFiredAt, ...a }) => entry(a, lastFiredAt)));
  }
  target.finishLoad();
  // Rows the form could never have made (a change % without a base, a window move without a
  // window) would sit active and silent forever: their owners see them in the Error state.
  if (broken.length > 0) await markAlertsError({ db, ids: broken, message: ALERT_MESSAGES.cannotEvaluate });
}

async function backfillHistory(
  { index, market, log }: Pick<IndexSyncDeps, "index" | "market" | "log">,
  symbols: string[],
) {
  for (const symbol of symbols) {
    if (index.history.has(symbol)) continue;
    try {
      const bars = await market.history(symbol, "1D");
      index.history.backfill(
        symbol,
        bars.map((b) => ({ time: b.time * 1000, price: b.close })),
      );
    } catch (err) {
      log.warn({ err, symbol }, "alerts: price history backfill failed");
    }
  }
}

/**
 * The evaluating process already did this; the others follow the triggers it recorded: a once
 * alert is done, a daily or every alert rests until it may fire again.
 */
function followTriggers(
  index: AlertIndex,
  apply: (op: Omit<AlertIndexChange, "o">) => void,
  items: AlertNotifyItem[],
) {
  for (const { e, p, w } of items) {
    const live = e.alertId ? index.get(e.alertId) : undefined;
    if (e.alertId && w !== null && live && live.wakeAt !== w) apply({ add: restingCopy(live, p, w) });
    else if (e.alertId && w === null) apply({ remove: [e.alertId] });
  }
}

export function createIndexSync(deps: IndexSyncDeps): IndexSync {
  const { db, bus, log, index } = deps;
  const origin = randomUUID();
  /** While the index loads, index events wait here so the load cannot overwrite them. */
  let pendingOps: AlertIndexChange[] | null = null;

  const armedEntry = (a: ArmedAlert, lastFiredAt: number | null) => restingUntilWake(deps, a, lastFiredAt);

  /** Applies now; during a rebuild also keeps it to replay onto the index being loaded. */
  function apply(op: Omit<AlertIndexChange, "o">) {
    if (op.add) index.add(op.add);
    for (const id of op.remove ?? []) index.remove(id);
    pendingOps?.push({ o: origin, ...op });
  }

  async function rebuild() {
    pendingOps = [];
    try {
      const fresh = new AlertIndex();
      await loadIndex(db, fresh, armedEntry);
      for (const op of pendingOps) {
        if (op.add) fresh.add(op.add);
        for (const id of op.remove ?? []) fresh.remove(id);
      }
      index.adopt(fresh);
    } finally {
      pendingOps = null;
    }
  }

  return {
    armed: (r) => armedEntry(armedOf(r), r.frequency === "once" ? null : (r.triggeredAt?.getTime() ?? null)),

    async change(op) {
      apply(op);
      try {
        await bus.publish(ALERT_TOPICS.index, { o: origin, ...op });
      } catch (err) {
        // The periodic resync repairs the other processes' indexes.
        log.warn({ err }, "alerts: index event not published");
      }
    },

    rebuild,

    backfill: (symbols) => backfillHistory(deps, symbols),

    listen() {
      const offs = [
        bus.subscribe(ALERT_TOPICS.index, (op) => {
          if (op.o !== origin) apply(op);
        }),
        bus.subscribe(ALERT_TOPICS.notify, (msg) => followTriggers(index, apply, msg.n)),
      ];
      // Index changes published while this process was off the bus are re-read at once.
      bus.onReconnect(() => void rebuild().catch((err) => log.warn({ err }, "alerts: index rebuild failed")));
      return () => {
        for (const off of offs) off();
      };
    },
  };
}
