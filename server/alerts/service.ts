import { randomUUID } from "node:crypto";
import {
  ALERT_MESSAGES,
  MAX_ALERTS_PER_USER,
  NOTIFICATIONS_LIMIT,
  roundTarget,
  targetError,
} from "#common/alert-schema";
import { AppError } from "#common/errors";
import type { MarketService } from "#server/market/types";
import type { Db } from "../db/client";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { Bus } from "../realtime/bus";
import type { SseHub } from "../realtime/sse-hub";
import { AlertIndex, type ArmedAlert } from "./alert-index";
import { createAlertEvaluator } from "./evaluator";
import {
  armedAlertsOf,
  armedSymbols,
  countUnread,
  deleteAlert,
  findAlert,
  insertAlertWithinLimit,
  listAlerts,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  setAlertActive,
} from "./queries";
import type { AlertType, NotificationEvent, PriceAlertRow, PriceAlerts } from "./types";

export const ALERT_TOPICS = {
  /** Index changes from create / toggle / delete, applied by every process. */
  index: "alerts:index",
  /** Recorded notifications, sent by each process to the user's tabs it holds. */
  notify: "alerts:notify",
  /** Read marks, so every tab's bell updates. */
  read: "alerts:read",
} as const;

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7_000;
const RESYNC_MS = 15 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
}

type IndexOp = { o: string; add?: ArmedAlert; remove?: string[] };

const armed = (r: PriceAlertRow): ArmedAlert => ({
  id: r.id,
  symbol: r.symbol,
  alertType: r.alertType,
  targetValue: r.targetValue,
  currentValue: r.currentValue,
});

/** Splits items into bus messages that each fit a NOTIFY payload. */
function chunkBySize<T>(items: T[], wrap: (part: T[]) => unknown): unknown[] {
  const out: unknown[] = [];
  let part: T[] = [];
  let size = 0;
  for (const item of items) {
    const len = JSON.stringify(item).length + 1;
    if (part.length > 0 && size + len > MAX_PAYLOAD) {
      out.push(wrap(part));
      part = [];
      size = 0;
    }
    part.push(item);
    size += len;
  }
  if (part.length > 0) out.push(wrap(part));
  return out;
}

export function createAlerts(deps: AlertsDeps): PriceAlerts {
  const { db, bus, sse, log } = deps;
  const origin = randomUUID();
  const index = new AlertIndex();
  const unsubscribers: Array<() => void> = [];
  /** While the index loads, index events wait here so the load cannot overwrite them. */
  let pendingOps: IndexOp[] | null = null;

  const { market } = deps;
  const decimalsOf = (symbol: string) => market.findInstrument(symbol)?.decimals ?? 2;

  const evaluator = createAlertEvaluator({
    db,
    index,
    outbox: deps.outbox,
    log,
    isLeader: () => deps.jobs.isLeader(),
    decimalsOf,
    siteUrl: deps.publicUrl,
    async deliver(recorded) {
      const items = recorded.map((r) => ({ u: r.userId, e: r.event }));
      for (const msg of chunkBySize(items, (n) => ({ n }))) await bus.publish(ALERT_TOPICS.notify, msg);
    },
  });

  /** Applies now; during a rebuild also keeps it to replay onto the index being loaded. */
  function applyIndexOp(op: Omit<IndexOp, "o">) {
    if (op.add) index.add(op.add);
    for (const id of op.remove ?? []) index.remove(id);
    pendingOps?.push({ o: origin, ...op });
  }

  /** Applies locally now and tells the other processes. */
  async function changeIndex(op: { add?: ArmedAlert; remove?: string[] }) {
    applyIndexOp(op);
    try {
      await bus.publish(ALERT_TOPICS.index, { o: origin, ...op });
    } catch (err) {
      // The periodic resync repairs the other processes' indexes.
      log.warn({ err }, "alerts: index event not published");
    }
  }

  async function loadIndex(target: AlertIndex) {
    for (const symbol of await armedSymbols({ db })) target.load(await armedAlertsOf({ db, symbol }));
    target.finishLoad();
  }

  async function rebuild() {
    pendingOps = [];
    try {
      const fresh = new AlertIndex();
      await loadIndex(fresh);
      for (const op of pendingOps) {
        if (op.add) fresh.add(op.add);
        for (const id of op.remove ?? []) fresh.remove(id);
      }
      index.adopt(fresh);
    } finally {
      pendingOps = null;
    }
  }

  function ownAlertId(id: string) {
    if (!UUID.test(id)) throw new AppError("not_found:alert", "Price alert not found");
  }

  const service: PriceAlerts = {
    index,
    evaluator,

    list: (userId) => listAlerts({ db, userId }),

    async create(userId, input) {
      const m = market;
      const instrument = m.findInstrument(input.symbol.trim());
      if (!instrument) {
        const message = `Unknown symbol "${input.symbol.trim().toUpperCase()}". Choose an instrument from the list, e.g. TASI, USD/AED or BRENT.`;
        throw new AppError("bad_request:alert_symbol", message, { symbol: message });
      }
      const alertType: AlertType = input.alertType;
      const problem = targetError(alertType, input.targetValue);
      if (problem) throw new AppError("bad_request:alert_target", problem, { targetValue: problem });
      const currentValue = m.quote(instrument.symbol)?.price ?? null;
      if (alertType === "change_percent" && !(currentValue && currentValue > 0)) {
        throw new AppError(
          "unavailable:alert_price",
          `There is no current price for ${instrument.symbol} yet. Try again in a moment.`,
        );
      }
      const row = await insertAlertWithinLimit({
        db,
        userId,
        max: MAX_ALERTS_PER_USER,
        values: {
          symbol: instrument.symbol.toUpperCase(),
          alertType,
          targetValue: roundTarget(input.targetValue),
          currentValue,
          notifyEmail: input.notifyEmail ?? false,
        },
      });
      if (!row) throw new AppError("conflict:alert_limit", ALERT_MESSAGES.limit);
      await changeIndex({ add: armed(row) });
      return row;
    },

    async setActive(userId, alertId, isActive) {
      ownAlertId(alertId);
      const current = await findAlert({ db, userId, alertId });
      if (!current) throw new AppError("not_found:alert", "Price alert not found");
      const rearmBase = isActive ? (market.quote(current.symbol)?.price ?? null) : null;
      const row = await setAlertActive({ db, userId, alertId, isActive, rearmBase });
      if (!row) throw new AppError("not_found:alert", "Price alert not found");
      await changeIndex(row.isActive && !row.isTriggered ? { add: armed(row) } : { remove: [row.id] });
      return row;
    },

    async remove(userId, alertId) {
      ownAlertId(alertId);
      if (!(await deleteAlert({ db, userId, alertId }))) {
        throw new AppError("not_found:alert", "Price alert not found");
      }
      await changeIndex({ remove: [alertId] });
    },

    notifications: (userId, opts) =>
      listNotifications({ db, userId, limit: Math.min(opts?.limit ?? NOTIFICATIONS_LIMIT, 100) }),

    unreadCount: (userId) => countUnread({ db, userId }),

    async markRead(userId, notificationId) {
      if (!UUID.test(notificationId) || !(await markNotificationRead({ db, userId, notificationId }))) {
        throw new AppError("not_found:notification", "Notification not found");
      }
      await bus.publish(ALERT_TOPICS.read, { u: userId, ids: [notificationId] });
    },

    async markAllRead(userId) {
      const n = await markAllNotificationsRead({ db, userId });
      if (n > 0) await bus.publish(ALERT_TOPICS.read, { u: userId, all: true });
      return n;
    },

    suggestions() {
      const m = market;
      return m.catalogue().map((i) => ({
        symbol: i.symbol,
        name: i.name,
        nameAr: i.nameAr,
        price: m.quote(i.symbol)?.price ?? null,
        decimals: i.decimals,
      }));
    },

    async start() {
      unsubscribers.push(
        bus.subscribe(ALERT_TOPICS.index, (op: IndexOp) => {
          if (op.o !== origin) applyIndexOp(op);
        }),
        bus.subscribe(ALERT_TOPICS.notify, (msg: { n: Array<{ u: string; e: NotificationEvent }> }) => {
          for (const { u, e } of msg.n) {
            // The evaluating process already dropped it; the others follow.
            if (e.alertId) applyIndexOp({ remove: [e.alertId] });
            sse.sendToUser(u, "notification", e);
          }
        }),
        bus.subscribe(ALERT_TOPICS.read, (msg: { u: string; ids?: string[]; all?: boolean }) => {
          sse.sendToUser(msg.u, "notifications-read", { ids: msg.ids ?? null, all: msg.all === true });
        }),
      );
      // Index changes published while this process was off the bus are re-read at once.
      bus.onReconnect(() => void rebuild().catch((err) => log.warn({ err }, "alerts: index rebuild failed")));
      const started = performance.now();
      await rebuild();
      log.info({ armed: index.size, ms: Math.round(performance.now() - started) }, "alerts: index built");
      unsubscribers.push(market.onTick((changed) => evaluator.onTick(changed)));
      // A safety net for index events lost while a process was disconnected from the bus.
      deps.jobs.register({
        name: "alerts-index-resync",
        intervalMs: RESYNC_MS,
        runAtStart: false,
        run: () => rebuild(),
      });
    },

    async stop() {
      for (const off of unsubscribers.splice(0)) off();
      // Let a trigger being recorded finish before the database closes.
      await evaluator.idle();
    },
  };
  return service;
}

export type { PriceAlerts };
