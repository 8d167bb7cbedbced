import { randomUUID } from "node:crypto";
import { levelHolds } from "#common/alert-holds";
import {
  ALERT_MESSAGES,
  alertLimitMessage,
  alertRuleErrors,
  MAX_ALERTS_PER_USER,
  NOTIFICATIONS_LIMIT,
  roundTarget,
} from "#common/alert-schema";
import { AppError } from "#common/errors";
import type { MarketService } from "#server/market/types";
import type { Db } from "../db/client";
import type { DeliveryQueue } from "../delivery/types";
import type { Scheduler } from "../jobs/scheduler";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import { EXCHANGES } from "../market/exchanges";
import type { Bus } from "../realtime/bus";
import type { AlertIndexChange, AlertNotifyItem } from "../realtime/bus-topics";
import type { SseHub } from "../realtime/sse-hub";
import { readLimit } from "../settings/limits";
import type { Settings } from "../settings/settings";
import { AlertIndex, type ArmedAlert } from "./alert-index";
import { evaluablePrice } from "./evaluable";
import { createAlertEvaluator, restingCopy } from "./evaluator";
import { tradingDayStart, wakeAfterTrigger } from "./frequency";
import {
  type AlertValues,
  armedAlertsOf,
  armedSymbols,
  countUnread,
  deleteAlert,
  expireDueAlerts,
  findAlert,
  insertAlertWithinLimit,
  listAlerts,
  listNotifications,
  listTriggers,
  markAlertsError,
  markAllNotificationsRead,
  markNotificationRead,
  ownsWebhook,
  setAlertActive,
  updateAlert,
} from "./queries";
import type { AlertInput, PriceAlertRow, PriceAlerts } from "./types";

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
const EXPIRE_MS = 60_000;
const HISTORY_LIMIT = 100;
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
  /** Admin settings: the per-user alert cap (limits.alertsPerUser). */
  settings?: Pick<Settings, "get">;
  /** The push and webhook delivery queue; without it those channels are recorded as unavailable. */
  deliveries?: DeliveryQueue;
  /** The clock (tests move it across cooldowns, trading days and expiries). */
  now?: () => number;
}

type IndexOp = AlertIndexChange;
/** A recorded trigger on the bus: user, notification, price, and when the alert wakes (daily / every). */
type NotifyItem = AlertNotifyItem;

/** Splits items into bus messages that each fit a NOTIFY payload. */
function chunkBySize<T, M>(items: T[], wrap: (part: T[]) => M): M[] {
  const out: M[] = [];
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
  const now = deps.now ?? Date.now;
  const decimalsOf = (symbol: string) => market.findInstrument(symbol)?.decimals ?? 2;
  const exchangeOf = (symbol: string) => {
    const id = market.findInstrument(symbol)?.exchange;
    return id ? EXCHANGES[id] : undefined;
  };
  const wakeAfter = (a: Parameters<typeof wakeAfterTrigger>[0] & { symbol: string }, firedAt: number) =>
    wakeAfterTrigger(a, firedAt, exchangeOf(a.symbol));

  /** The index entry of an active row: a daily or every alert that fired rests until it may fire again. */
  function armedEntry(a: ArmedAlert, lastFiredAt: number | null): ArmedAlert {
    const wakeAt = lastFiredAt === null ? null : wakeAfter(a, lastFiredAt);
    return wakeAt !== null && wakeAt > now() ? { ...a, wakeAt } : a;
  }

  const armed = (r: PriceAlertRow): ArmedAlert =>
    armedEntry(
      {
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
      },
      r.frequency === "once" ? null : (r.triggeredAt?.getTime() ?? null),
    );

  const evaluator = createAlertEvaluator({
    db,
    index,
    outbox: deps.outbox,
    deliveries: deps.deliveries,
    log,
    isLeader: () => deps.jobs.isLeader(),
    decimalsOf,
    tradingDayStart: (symbol, at) => tradingDayStart(exchangeOf(symbol), at),
    wakeAfter,
    siteUrl: deps.publicUrl,
    now,
    async deliver(recorded) {
      const items: NotifyItem[] = recorded.map((r) => ({ u: r.userId, e: r.event, p: r.price, w: r.wakeAt }));
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
    const broken: string[] = [];
    for (const symbol of await armedSymbols({ db })) {
      const rows = await armedAlertsOf({ db, symbol });
      for (const r of rows) if (!AlertIndex.indexable(r)) broken.push(r.id);
      target.load(rows.map(({ lastFiredAt, ...a }) => armedEntry(a, lastFiredAt)));
    }
    target.finishLoad();
    // Rows the form could never have made (a change % without a base, a window move without a
    // window) would sit active and silent forever: their owners see them in the Error state.
    if (broken.length > 0) await markAlertsError({ db, ids: broken, message: ALERT_MESSAGES.cannotEvaluate });
  }

  /** Loads the recent prices of symbols with window alerts from the market's bars (1 day of them). */
  async function backfillHistory(symbols: string[]) {
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

  const refuse = (code: `bad_request:${string}`, message: string, field: string): never => {
    throw new AppError(code, message, { [field]: message });
  };

  /**
   * What a create or an edit stores, checked the same way the form checks it (the chat and other
   * callers come without the form): a known symbol, the target, window, cooldown and expiry
   * rules, a webhook of the user's own, and a price to measure a change % from.
   */
  async function checkedValues(userId: string, input: AlertInput): Promise<AlertValues> {
    const instrument = market.findInstrument(input.symbol.trim());
    if (!instrument) {
      const message = `Unknown symbol "${input.symbol.trim().toUpperCase()}". Choose an instrument from the list, e.g. TASI, USD/AED or BRENT.`;
      refuse("bad_request:alert_symbol", message, "symbol");
    }
    const frequency = input.frequency ?? "once";
    const rules = {
      alertType: input.alertType,
      targetValue: input.targetValue,
      windowMinutes: input.alertType === "move_window" ? (input.windowMinutes ?? null) : null,
      frequency,
      cooldownSeconds: frequency === "every" ? (input.cooldownSeconds ?? null) : null,
      expiresAt: input.expiresAt ?? null,
    };
    const problems = Object.entries(alertRuleErrors(rules, now()));
    if (problems.length > 0) {
      const [field, message] = problems[0]!;
      throw new AppError(`bad_request:alert_${field === "targetValue" ? "target" : field}`, message, {
        ...Object.fromEntries(problems),
      });
    }
    const notifyWebhook = input.notifyWebhook ?? false;
    const webhookId = notifyWebhook ? (input.webhookId ?? null) : null;
    if (webhookId && !(UUID.test(webhookId) && (await ownsWebhook({ db, userId, webhookId })))) {
      refuse("bad_request:alert_webhook", ALERT_MESSAGES.webhookUnknown, "webhookId");
    }
    const symbol = instrument!.symbol.toUpperCase();
    const currentValue = market.quote(instrument!.symbol)?.price ?? null;
    if (input.alertType === "change_percent" && !(currentValue && currentValue > 0)) {
      throw new AppError(
        "unavailable:alert_price",
        `There is no current price for ${instrument!.symbol} yet. Try again in a moment.`,
      );
    }
    return {
      ...rules,
      symbol,
      targetValue: roundTarget(input.targetValue),
      currentValue,
      notifyEmail: input.notifyEmail ?? false,
      notifyPush: input.notifyPush ?? false,
      notifyWebhook,
      webhookId,
    };
  }

  /**
   * Every process's index follows a written row: armed if active, out otherwise. An armed alert
   * is then judged against the last price at once: one whose level already holds fires now, not
   * at the next tick (which may come only when its market opens again).
   */
  async function afterWrite(row: PriceAlertRow) {
    await changeIndex(row.status === "active" ? { add: armed(row) } : { remove: [row.id] });
    if (row.alertType === "move_window") void backfillHistory([row.symbol]);
    const price = row.status === "active" ? evaluablePrice(market.quote(row.symbol)) : null;
    if (price !== null) await evaluator.settle(row.id, price);
  }

  const service: PriceAlerts = {
    index,
    evaluator,

    list: (userId) => listAlerts({ db, userId }),

    async create(userId, input) {
      const values = await checkedValues(userId, input);
      const max = deps.settings ? readLimit(deps.settings, "alertsPerUser") : MAX_ALERTS_PER_USER;
      const watchlistId = input.watchlistId ?? null;
      const row = await insertAlertWithinLimit({ db, userId, max, values: { ...values, watchlistId } });
      if (!row) throw new AppError("conflict:alert_limit", alertLimitMessage(max));
      await afterWrite(row);
      return row;
    },

    async update(userId, alertId, input) {
      ownAlertId(alertId);
      if (!(await findAlert({ db, userId, alertId })))
        throw new AppError("not_found:alert", "Price alert not found");
      const values = await checkedValues(userId, input);
      const row = await updateAlert({ db, userId, alertId, values });
      if (!row) throw new AppError("not_found:alert", "Price alert not found");
      await afterWrite(row);
      return row;
    },

    async duplicate(userId, alertId) {
      ownAlertId(alertId);
      const source = await findAlert({ db, userId, alertId });
      if (!source) throw new AppError("not_found:alert", "Price alert not found");
      // A copy of an alert past its expiry would be born expired: the copy keeps no expiry then.
      const expiresAt = source.expiresAt && source.expiresAt.getTime() > now() ? source.expiresAt : null;
      return service.create(userId, { ...source, expiresAt });
    },

    async setActive(userId, alertId, isActive) {
      ownAlertId(alertId);
      const current = await findAlert({ db, userId, alertId });
      if (!current) throw new AppError("not_found:alert", "Price alert not found");
      const rearmBase = isActive ? (market.quote(current.symbol)?.price ?? null) : null;
      const row = await setAlertActive({ db, userId, alertId, isActive, rearmBase });
      if (!row) throw new AppError("not_found:alert", "Price alert not found");
      await afterWrite(row);
      return row;
    },

    async remove(userId, alertId) {
      ownAlertId(alertId);
      if (!(await deleteAlert({ db, userId, alertId }))) {
        throw new AppError("not_found:alert", "Price alert not found");
      }
      await changeIndex({ remove: [alertId] });
    },

    history(userId, opts) {
      if (opts?.alertId !== undefined && !UUID.test(opts.alertId)) return Promise.resolve([]);
      return listTriggers({
        db,
        userId,
        alertId: opts?.alertId,
        limit: Math.min(opts?.limit ?? HISTORY_LIMIT, HISTORY_LIMIT),
      });
    },

    async expireDue() {
      const ids = await expireDueAlerts({ db, now: new Date(now()) });
      if (ids.length > 0) await changeIndex({ remove: ids });
      return ids.length;
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

    holdsNow(alert) {
      const price = alert.status === "active" ? evaluablePrice(market.quote(alert.symbol)) : null;
      return levelHolds(alert.alertType, alert.targetValue, price);
    },

    suggestions() {
      return market.catalogue().map((i) => ({
        symbol: i.symbol,
        name: i.name,
        nameAr: i.nameAr,
        decimals: i.decimals,
      }));
    },

    async start() {
      unsubscribers.push(
        bus.subscribe(ALERT_TOPICS.index, (op: IndexOp) => {
          if (op.o !== origin) applyIndexOp(op);
        }),
        bus.subscribe(ALERT_TOPICS.notify, (msg: { n: NotifyItem[] }) => {
          for (const { u, e, p, w } of msg.n) {
            // The evaluating process already did this; the others follow: a once alert is done,
            // a daily or every alert rests until it may fire again.
            const live = e.alertId ? index.get(e.alertId) : undefined;
            if (e.alertId && w !== null && live && live.wakeAt !== w)
              applyIndexOp({ add: restingCopy(live, p, w) });
            else if (e.alertId && w === null) applyIndexOp({ remove: [e.alertId] });
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
      await backfillHistory(index.windowSymbols());
      unsubscribers.push(market.onTick((changed) => evaluator.onTick(changed)));
      // A safety net for index events lost while a process was disconnected from the bus.
      deps.jobs.register({
        name: "alerts-index-resync",
        intervalMs: RESYNC_MS,
        runAtStart: false,
        run: () => rebuild(),
      });
      // Alerts past their expiry show Expired even when their condition never comes true.
      deps.jobs.register({
        name: "alerts-expire",
        intervalMs: EXPIRE_MS,
        runAtStart: true,
        run: async () => {
          await service.expireDue();
        },
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
