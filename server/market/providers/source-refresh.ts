import type { Logger } from "../../logger";
import type { CatalogueEntry } from "../catalogue";
import { EXCHANGES } from "../exchanges";
import type { BarRow } from "../provider";
import { type Plan, planRefresh } from "../refresh-planner";
import type { Routes } from "./source-routes";
import { notAsked, recordAnswer, recordFailure, type SourceState } from "./source-state";

export interface RefreshContext {
  entries: CatalogueEntry[];
  bySymbol: Map<string, CatalogueEntry>;
  states: Map<string, SourceState>;
  routes: Routes;
  log: Logger;
  tickMs: () => number;
  /** Symbols with armed alerts, and those someone watches now: refreshed first. */
  alerted: () => ReadonlySet<string>;
  watched: () => ReadonlySet<string>;
  clock: () => number;
}

/** The source that should refresh a symbol now: the first that is not failing or backing off. */
function primaryOf(ctx: RefreshContext, symbol: string, now: number): SourceState | undefined {
  for (const name of ctx.routes.get(symbol) ?? []) {
    const st = ctx.states.get(name)!;
    if (st.source.client.backoffUntil() > now) continue;
    if ((st.unknownUntil.get(symbol) ?? 0) > now) continue;
    return st;
  }
  return undefined;
}

/** The symbols a source quotes this round, within its budget, watched and alerted ones first. */
function planOf(ctx: RefreshContext, st: SourceState, now: number): Plan {
  const candidates = ctx.entries.filter((e) => primaryOf(ctx, e.symbol, now) === st).map((e) => e.symbol);
  return planRefresh({
    now,
    candidates,
    alerted: ctx.alerted(),
    watched: ctx.watched(),
    refreshedAt: st.refreshedAt,
    exchangeOf: (s) => EXCHANGES[ctx.bySymbol.get(s)!.exchange],
    minAgeMs: ctx.tickMs(),
    requests: st.log.remaining(st.source.budget, now),
    batchSize: st.source.batchSize,
    cursor: st.cursor,
  });
}

/** Asks a source for one batch; false when the round should stop (not asked, or it failed). */
async function askBatch(ctx: RefreshContext, st: SourceState, chunk: string[], now: number) {
  const before = st.source.client.sent();
  try {
    const quotes = await st.source.quotes(
      chunk.map((s) => ctx.bySymbol.get(s)!),
      ctx.clock(),
    );
    recordAnswer(st, chunk, quotes, ctx.clock(), ctx.log);
    return true;
  } catch (err) {
    // Not asked at all: the source's state is what its last real answer said; try again next round.
    if (!notAsked(err)) recordFailure(st, err, ctx.clock(), ctx.log);
    return false;
  } finally {
    st.log.record(now, st.source.client.sent() - before);
  }
}

/**
 * Background refresh rounds of the real sources: each source quotes the instruments it is the
 * first working choice for, then spends budget left over on one instrument's real history, which
 * the feed takes at its next tick.
 */
export function createSourceRefresh(ctx: RefreshContext) {
  let history: BarRow[][] = [];
  const running = new Set<Promise<void>>();

  async function refresh(st: SourceState, now: number) {
    // The chart of an instrument someone watches (or has an alert on) comes before the rest's quotes.
    await fetchHistory(st, now, true);
    const plan = planOf(ctx, st, now);
    st.cursor = plan.cursor;
    // Every quote is fresh: budget left over goes to the others' history, one instrument a round.
    if (plan.symbols.length === 0) await fetchHistory(st, now, false);
    for (let i = 0; i < plan.symbols.length; i += st.source.batchSize) {
      if (!(await askBatch(ctx, st, plan.symbols.slice(i, i + st.source.batchSize), now))) break;
    }
  }

  /**
   * With budget left after its quotes, a source fetches the real history (a year of daily bars,
   * the latest days of minute bars) of one instrument it quotes: watched and alerted ones first.
   */
  async function fetchHistory(st: SourceState, now: number, priorityOnly: boolean) {
    const fetch = st.source.history;
    if (!fetch || st.historyDue.length === 0 || st.log.remaining(st.source.budget, now) < 2) return;
    const first = new Set([...ctx.alerted(), ...ctx.watched()]);
    const found = st.historyDue.findIndex((s) => first.has(s));
    if (found < 0 && priorityOnly) return;
    const symbol = st.historyDue.splice(Math.max(0, found), 1)[0]!;
    const entry = ctx.bySymbol.get(symbol)!;
    const before = st.source.client.sent();
    try {
      for (const span of ["1y", "5d"] as const) {
        const bars = await fetch(entry, span);
        if (bars.length > 0) history.push(bars);
      }
    } catch (err) {
      // Not fatal: the chart keeps the simulator's backfill and live bars; asked again later.
      if (notAsked(err)) st.historyDue.push(symbol);
      else ctx.log.debug({ err, source: st.source.name, symbol }, "market: history request failed");
    } finally {
      st.log.record(now, st.source.client.sent() - before);
    }
  }

  return {
    /** Starts a background refresh round of every source not already refreshing. */
    kick(now: number) {
      for (const st of ctx.states.values()) {
        if (st.running) continue;
        const p = refresh(st, now)
          .catch((err) => ctx.log.error({ err, source: st.source.name }, "market: refresh round failed"))
          .finally(() => {
            st.running = null;
            running.delete(p);
          });
        st.running = p;
        running.add(p);
      }
    },
    /** Real history fetched since the last call. */
    takeHistory() {
      const out = history;
      history = [];
      return out;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
