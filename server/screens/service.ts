import { AppError } from "#common/errors";
import { parseScreenerQuery } from "#common/screener";
import { SCREEN_MESSAGES as M } from "#common/screens-schema";
import { ALERT_TOPICS } from "../alerts/topics";
import type { NotificationEvent } from "../alerts/types";
import type { Db } from "../db/client";
import type { DeliveryQueue } from "../delivery/types";
import type { Logger } from "../logger";
import type { Outbox } from "../mail/outbox";
import type { MarketService } from "../market/types";
import type { Overview } from "../overview/types";
import type { Bus } from "../realtime/bus";
import { createScreenEvaluator } from "./evaluator";
import { createScreenStore, toView } from "./store";
import type { Screens } from "./types";

export interface ScreensDeps {
  db: Db;
  log: Logger;
  bus: Bus;
  outbox: Pick<Outbox, "enqueueMany">;
  delivery: DeliveryQueue;
  overview: Pick<Overview, "rows" | "sectors" | "matches">;
  market: Pick<MarketService, "onTick" | "findInstrument">;
  publicUrl: string;
  clock?: () => number;
}

/** Wires the saved screens: the user-scoped store, the tick evaluator and the bell's announcements. */
export function createScreens(deps: ScreensDeps): Screens {
  const { db, log, overview } = deps;
  const store = createScreenStore(db);
  const nameOf = (symbol: string, lang: "en" | "ar") => {
    const found = deps.market.findInstrument(symbol);
    return (lang === "ar" ? found?.nameAr : found?.name) ?? found?.name ?? symbol;
  };
  const announce = async (events: Array<{ userId: string; event: NotificationEvent }>) => {
    try {
      for (let i = 0; i < events.length; i += 10) {
        const n = events
          .slice(i, i + 10)
          .map(({ userId, event }) => ({ u: userId, e: event, p: 0, w: null }));
        await deps.bus.publish(ALERT_TOPICS.notify, { n });
      }
    } catch (err) {
      // Stored already: the bell shows them on the next page load.
      log.warn({ err }, "screens: notice announce failed");
    }
  };
  const evaluator = createScreenEvaluator({
    ...{ db, delivery: deps.delivery, outbox: deps.outbox, siteUrl: deps.publicUrl, nameOf },
    ...{ rows: () => overview.rows(), inScreen: overview.matches, announce, clock: deps.clock ?? Date.now },
  });
  const queue = createTickQueue((symbols) => evaluator.evaluate(symbols), log);
  deps.market.onTick((changed) => queue.add(changed.map((q) => q.symbol)));

  const membersNow = (query: string) => {
    const parsed = parseScreenerQuery(new URLSearchParams(query));
    if (!parsed.ok) throw new AppError("bad_request:screen", M.badQuery);
    const { sector } = parsed.query;
    if (sector && !overview.sectors().includes(sector)) throw new AppError("bad_request:screen", M.badQuery);
    return overview
      .rows()
      .filter((r) => overview.matches(r, parsed.query))
      .map((r) => r.symbol)
      .sort();
  };
  /** A write here is read by the next evaluation (another process reads it within RELOAD_MS). */
  const changed = <T>(v: T) => {
    evaluator.invalidate();
    return v;
  };
  return {
    list: (userId) => store.list(userId),
    create: async (userId, input) =>
      changed(toView(await store.create(userId, input, membersNow(input.query)))),
    update: async (userId, id, patch) => changed(toView(await store.update(userId, id, patch))),
    remove: async (userId, id) => changed(await store.remove(userId, id)),
    evaluate: (symbols) => evaluator.evaluate(new Set(symbols)),
    idle: () => queue.idle(),
  };
}

/** Ticks' changed symbols, evaluated one batch at a time; symbols arriving meanwhile join the next. */
function createTickQueue(run: (symbols: Set<string>) => Promise<number>, log: Logger) {
  let pending = new Set<string>();
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (pending.size) {
      const batch = pending;
      pending = new Set();
      await run(batch).catch((err) => log.error({ err }, "screens: evaluation failed"));
    }
    running = null;
  };
  return {
    add(symbols: string[]) {
      for (const s of symbols) pending.add(s);
      running ??= drain();
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
