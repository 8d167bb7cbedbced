import { alertLimitMessage, MAX_ALERTS_PER_USER } from "#common/alert-schema";
import { AppError } from "#common/errors";
import type { Db } from "../db/client";
import type { MarketService } from "../market/types";
import { readLimit } from "../settings/limits";
import type { Settings } from "../settings/settings";
import { evaluablePrice } from "./evaluable";
import type { IndexSync } from "./index-sync";
import {
  deleteAlert,
  expireDueAlerts,
  findAlert,
  insertAlertWithinLimit,
  setAlertActive,
  updateAlert,
} from "./queries";
import type { AlertEvaluator, Alerts, PriceAlertRow } from "./types";
import { checkedValues, ownAlertId } from "./validation";

export interface AlertWritesDeps {
  db: Db;
  market: Pick<MarketService, "findInstrument" | "quote">;
  /** Admin settings: the per-user alert cap (limits.alertsPerUser). */
  settings?: Pick<Settings, "get">;
  sync: Pick<IndexSync, "armed" | "change" | "backfill">;
  evaluator: Pick<AlertEvaluator, "settle">;
  now: () => number;
}

export type AlertWrites = Pick<
  Alerts,
  "create" | "update" | "duplicate" | "setActive" | "remove" | "expireDue"
>;

const notFound = () => new AppError("not_found:alert", "Price alert not found");

/** Creating, editing, copying, pausing, deleting and expiring a user's alerts; every write re-arms the index. */
export function createAlertWrites(deps: AlertWritesDeps): AlertWrites {
  const { db, market, sync, now } = deps;

  /**
   * Every process's index follows a written row: armed if active, out otherwise. An armed alert
   * is then judged against the last price at once: one whose level already holds fires now, not
   * at the next tick (which may come only when its market opens again).
   */
  async function afterWrite(row: PriceAlertRow) {
    await sync.change(row.status === "active" ? { add: sync.armed(row) } : { remove: [row.id] });
    if (row.alertType === "move_window") void sync.backfill([row.symbol]);
    const price = row.status === "active" ? evaluablePrice(market.quote(row.symbol)) : null;
    if (price !== null) await deps.evaluator.settle(row.id, price);
    return row;
  }

  async function create(userId: string, input: Parameters<AlertWrites["create"]>[1]) {
    const values = await checkedValues(deps, userId, input);
    const max = deps.settings ? readLimit(deps.settings, "alertsPerUser") : MAX_ALERTS_PER_USER;
    const watchlistId = input.watchlistId ?? null;
    const row = await insertAlertWithinLimit({ db, userId, max, values: { ...values, watchlistId } });
    if (!row) throw new AppError("conflict:alert_limit", alertLimitMessage(max));
    return afterWrite(row);
  }

  return {
    create,

    async update(userId, alertId, input) {
      ownAlertId(alertId);
      if (!(await findAlert({ db, userId, alertId }))) throw notFound();
      const values = await checkedValues(deps, userId, input);
      const row = await updateAlert({ db, userId, alertId, values });
      if (!row) throw notFound();
      return afterWrite(row);
    },

    async duplicate(userId, alertId) {
      ownAlertId(alertId);
      const source = await findAlert({ db, userId, alertId });
      if (!source) throw notFound();
      // A copy of an alert past its expiry would be born expired: the copy keeps no expiry then.
      const expiresAt = source.expiresAt && source.expiresAt.getTime() > now() ? source.expiresAt : null;
      return create(userId, { ...source, expiresAt });
    },

    async setActive(userId, alertId, isActive) {
      ownAlertId(alertId);
      const current = await findAlert({ db, userId, alertId });
      if (!current) throw notFound();
      const rearmBase = isActive ? (market.quote(current.symbol)?.price ?? null) : null;
      const row = await setAlertActive({ db, userId, alertId, isActive, rearmBase });
      if (!row) throw notFound();
      return afterWrite(row);
    },

    async remove(userId, alertId) {
      ownAlertId(alertId);
      if (!(await deleteAlert({ db, userId, alertId }))) throw notFound();
      await sync.change({ remove: [alertId] });
    },

    async expireDue() {
      const ids = await expireDueAlerts({ db, now: new Date(now()) });
      if (ids.length > 0) await sync.change({ remove: ids });
      return ids.length;
    },
  };
}
