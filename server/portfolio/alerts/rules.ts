import { PORTFOLIO_MESSAGES as M, PORTFOLIO_ALERT_KINDS } from "#common/portfolio-schema";
import type { Db } from "../../db/client";
import type { Logger } from "../../logger";
import type { PortfolioSnapshot } from "../engine/types";
import type { PortfolioStore } from "../store";
import type { PortfolioAlert, PortfolioAlertKind } from "../types";
import { asObject, badField, ownId, readNumber } from "../validation";
import { announce, type Crossing, type NotifyDeps, recordCrossing } from "./notify";
import { alertNotFound, alertStore } from "./store";

export interface RuleDeps extends NotifyDeps {
  db: Db;
  log: Logger;
  store: PortfolioStore;
  /** The owner's valuation (from the ledger in memory). */
  snapshot(userId: string, portfolioId: string): Promise<PortfolioSnapshot>;
  today(): string;
  clock?: () => number;
}

function parseRule(input: unknown) {
  const body = asObject(input);
  const kind = body.kind as PortfolioAlertKind;
  if (!PORTFOLIO_ALERT_KINDS.includes(kind)) throw badField("kind", M.alertKind);
  const threshold = readNumber(body.threshold);
  if (threshold === undefined || !(threshold > 0 && threshold <= 100))
    throw badField("threshold", M.alertThreshold);
  return { kind, threshold, notifyEmail: body.notifyEmail === true || body.notifyEmail === "true" };
}

/** Percent from the engine's fraction (0.052 = 5.2 %). */
const percent = (fraction: number | null | undefined) => (fraction ?? 0) * 100;

/** What of an alert's rule holds now: "day" for the day's move, or each holding's symbol. */
export function crossings(kind: PortfolioAlertKind, threshold: number, snap: PortfolioSnapshot) {
  if (kind === "day-move") {
    const move = percent(snap.totals.todayChangePercent);
    return Math.abs(move) >= threshold ? { keys: ["day"], dayPercent: move, holdings: [] } : null;
  }
  const heavy = snap.holdings
    .filter((h) => percent(h.weight) >= threshold)
    .map((h) => ({ symbol: h.symbol, percent: percent(h.weight) }));
  return heavy.length ? { keys: heavy.map((h) => h.symbol), holdings: heavy } : null;
}

/**
 * Portfolio alerts: "the day's move beyond N %" and "a holding beyond N % of the portfolio",
 * judged on ticks for the portfolios trading the ticking symbols (an in-memory index symbol →
 * alerted portfolios, reloaded after a change), each crossing announced once per day through
 * the bell, push, webhook and (when asked) mail.
 */
export function portfolioAlertRules(d: RuleDeps) {
  const alerts = alertStore(d.db);
  let index: Map<string, Set<string>> | null = null;
  const owners = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  async function portfoliosTrading(symbols: string[]) {
    if (!index) {
      index = new Map();
      for (const r of await alerts.alertedHoldings()) {
        owners.set(r.portfolioId, r.userId);
        if (!r.symbol) continue;
        const set = index.get(r.symbol) ?? new Set<string>();
        index.set(r.symbol, set);
        set.add(r.portfolioId);
      }
    }
    return [...new Set(symbols.flatMap((s) => [...(index!.get(s) ?? [])]))];
  }

  async function judge(
    row: Awaited<ReturnType<typeof alerts.ofPortfolios>>[number],
    snap: PortfolioSnapshot,
  ) {
    const held = crossings(row.kind as PortfolioAlertKind, row.threshold, snap);
    if (!held) return null;
    const name = (await d.store.get(row.userId, row.portfolioId)).name;
    const now = new Date(d.clock?.() ?? Date.now());
    return d.db.transaction(async (tx) => {
      const fresh = await alerts.claim(tx, row.id, d.today(), held.keys);
      if (fresh.length === 0) return null;
      const crossing: Crossing = {
        ...{ alertId: row.id, userId: row.userId, portfolioId: row.portfolioId, portfolioName: name },
        ...{ kind: row.kind as PortfolioAlertKind, threshold: row.threshold, notifyEmail: row.notifyEmail },
        dayPercent: held.dayPercent,
        holdings: held.holdings.filter((h) => fresh.includes(h.symbol)),
      };
      return recordCrossing(tx, d, crossing, now);
    });
  }

  async function evaluate(symbols: string[]): Promise<number> {
    const ids = await portfoliosTrading(symbols);
    const fired = [];
    for (const row of await alerts.ofPortfolios(ids)) {
      const snap = await d.snapshot(row.userId, row.portfolioId);
      const done = await judge(row, snap);
      if (done) fired.push(done);
    }
    await announce(d.bus, fired).catch((err) => d.log.warn({ err }, "portfolio alerts: announce failed"));
    return fired.length;
  }

  return {
    evaluate,
    /** The tick hook: one evaluation at a time, in tick order. */
    onTick(symbols: string[]) {
      queue = queue
        .then(() => evaluate(symbols))
        .catch((err) => d.log.error({ err }, "portfolio alerts: evaluation failed"));
    },
    /** A portfolio's activities or alerts changed: the index is read again on the next tick. */
    follow(_portfolioId: string) {
      index = null;
    },
    async list(userId: string, portfolioId: string): Promise<PortfolioAlert[]> {
      const id = ownId(portfolioId);
      await d.store.get(userId, id);
      return alerts.list(userId, id);
    },
    async add(userId: string, portfolioId: string, input: unknown): Promise<PortfolioAlert> {
      const id = ownId(portfolioId);
      await d.store.get(userId, id);
      const alert = await alerts.add(userId, id, parseRule(input));
      index = null;
      return alert;
    },
    async remove(userId: string, portfolioId: string, alertId: string): Promise<void> {
      const id = ownId(portfolioId);
      await d.store.get(userId, id);
      await alerts.remove(userId, id, ownId(alertId, alertNotFound));
      index = null;
    },
  };
}
