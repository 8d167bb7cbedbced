import type { Db } from "../db/client";
import type { DeliveryQueue } from "../delivery/types";
import type { Dividends } from "../dividends/types";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { MarketService } from "../market/types";
import type { InstrumentDirectory } from "../market/universe/types";
import type { Bus } from "../realtime/bus";
import { activityStore } from "./activity-store";
import { portfolioAlertRules } from "./alerts/rules";
import { portfolioBook } from "./book";
import { portfolioTransfer } from "./import/transfer";
import { liveQuote } from "./inputs";
import { createLedgerCache } from "./ledgers";
import { portfolioMeta } from "./meta";
import { dividendProposals } from "./proposals";
import { portfolioReads, todayOf } from "./reads";
import { portfolioStore } from "./store";
import type { Portfolios } from "./types";

export interface PortfoliosDeps {
  db: Db;
  log: Logger;
  bus: Bus;
  outbox: Outbox;
  /** Push and webhook deliveries of portfolio alerts, in the transaction that records them. */
  delivery: DeliveryQueue;
  publicUrl: string;
  market: Pick<MarketService, "findInstrument" | "quote" | "onTick">;
  directory: Pick<InstrumentDirectory, "get">;
  dividends: Pick<Dividends, "history">;
  /** Whether this process judges alerts on ticks (the job leader). */
  isLeader: () => boolean;
  clock?: () => number;
  ledgerCapacity?: number;
}

/**
 * Wires the portfolio feature: the tables (store.ts, activity-store.ts), the valuation through the
 * engine's ledgers kept per portfolio (reads.ts, ledgers.ts), checked writes (book.ts), import and
 * export (import/), dividend proposals (proposals.ts) and portfolio alerts (alerts/).
 */
export function createPortfolios(deps: PortfoliosDeps): Portfolios {
  const { db, market } = deps;
  const now = () => new Date(deps.clock?.() ?? Date.now());
  const today = () => todayOf(now());
  const store = portfolioStore(db);
  const activities = activityStore(db);
  const ledgers = createLedgerCache(deps.ledgerCapacity);
  const lookup = { find: (symbol: string) => market.findInstrument(symbol) };
  const sectorOf = async (symbol: string) => (await deps.directory.get(symbol))?.sector ?? null;
  const reads = portfolioReads({ db, store, activities, ledgers, inputs: { market, sectorOf }, now });
  const rules = portfolioAlertRules({ ...deps, store, snapshot: reads.snapshot, today });
  const book = portfolioBook({ db, store, activities, ledgers, lookup, today, changed: rules.follow });
  const proposals = dividendProposals({ store, activities, book, dividends: deps.dividends, today });
  market.onTick((changed) => {
    ledgers.tick(changed.map(liveQuote));
    if (deps.isLeader()) rules.onTick(changed.map((q) => q.symbol));
  });
  return {
    ...portfolioMeta({ store, ledgers, rules }),
    get: reads.get,
    snapshot: reads.snapshot,
    addActivity: (u, p, input) => book.add(u, p, input),
    updateActivity: (u, p, a, input) => book.update(u, p, a, input),
    removeActivity: (u, p, a) => book.remove(u, p, a),
    ...portfolioTransfer({ store, activities, book, lookup, today }),
    dividendProposals: proposals.list,
    acceptProposal: proposals.accept,
    alerts: rules.list,
    addAlert: rules.add,
    removeAlert: rules.remove,
    evaluateAlerts: rules.evaluate,
  };
}

export type { Portfolios };
