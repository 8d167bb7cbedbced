import type { Logger } from "../../logger";
import type { CatalogueEntry } from "../catalogue";
import { EXCHANGES } from "../exchanges";
import type { BarRow, MarketProvider, ProviderQuote } from "../provider";
import { type Plan, planRefresh, RequestLog } from "../refresh-planner";
import type { Simulator } from "../simulator";
import type { SourceHealth } from "../types";
import { pegOf } from "./frankfurter";
import { METAL_CODES } from "./gold-api";
import type { SourceError } from "./http-client";
import { labelFor, type QuoteSource, type SourceQuote } from "./source";

/**
 * `MARKET_PROVIDER=auto`: real sources per asset class, each instrument served by the first of its
 * sources that answers, the simulator where none does. Sources are asked in the background — a
 * tick never waits on the network — so an offline machine starts and ticks exactly as with the
 * simulator, and a source that fails is dropped from the next tick (its instruments fall back to
 * the next source's quotes or to the simulator, and their labels say so).
 */

/** The ordered sources of an instrument (by source name), and the group the log line names. */
export function routeOf(e: CatalogueEntry): { group: SourceGroup; sources: string[] } {
  if (e.exchange === "TADAWUL") return { group: "saudiStocks", sources: ["sahmk", "twelvedata", "yahoo"] };
  if (e.exchange === "FX") return { group: "fx", sources: ["frankfurter", "twelvedata", "yahoo"] };
  if (e.exchange === "CRYPTO") return { group: "crypto", sources: ["coingecko", "twelvedata", "yahoo"] };
  if (e.symbol in METAL_CODES) return { group: "metals", sources: ["gold-api", "twelvedata", "yahoo"] };
  if (e.exchange === "COMMODITIES") return { group: "energy", sources: ["yahoo", "twelvedata"] };
  if (e.exchange === "NYSE") return { group: "usIndices", sources: ["yahoo", "twelvedata"] };
  return { group: "gulfStocks", sources: ["twelvedata", "yahoo"] };
}

export type SourceGroup = "saudiStocks" | "gulfStocks" | "fx" | "crypto" | "metals" | "energy" | "usIndices";
/** The groups' names in the start-up log line (the admin page translates the keys). */
const GROUP_NAMES: Record<SourceGroup, string> = {
  saudiStocks: "Saudi stocks",
  gulfStocks: "other Gulf stocks and indices",
  fx: "FX",
  crypto: "crypto",
  metals: "metals",
  energy: "energy",
  usIndices: "US indices",
};

/** A real quote older than this is no longer shown (daily sources: several days, over weekends). */
const MAX_AGE_MS = 6 * 3_600_000;
const MAX_AGE_DAILY_MS = 4 * 86_400_000;
/** A ticker a source did not know is asked again after this long. */
const UNKNOWN_RETRY_MS = 6 * 3_600_000;
/** A source that answered with a stale trade yields the instrument to the next source this long. */
const STALE_RETRY_MS = 30 * 60_000;

interface SourceState {
  source: QuoteSource;
  log: RequestLog;
  cursor: number;
  refreshedAt: Map<string, number>;
  unknownUntil: Map<string, number>;
  cache: Map<string, SourceQuote & { fetchedAt: number }>;
  /** The last request succeeded (a source that never answered is not ok). */
  ok: boolean;
  quoted: number;
  lastSuccess: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  running: Promise<void> | null;
  failing: boolean;
  /** Instruments whose real history this source should fetch once (after its first quote). */
  historyDue: string[];
  historyDone: Set<string>;
}

export interface CompositeOptions {
  entries: CatalogueEntry[];
  sources: QuoteSource[];
  simulator: Simulator;
  log: Logger;
  tickMs: () => number;
  /** Symbols with armed alerts, and those someone watches now: refreshed first. */
  alerted: () => ReadonlySet<string>;
  watched: () => ReadonlySet<string>;
  clock?: () => number;
}

export interface CompositeProvider extends MarketProvider {
  /** Resolves when every background refresh started so far has finished (tests, shutdown). */
  settled(): Promise<void>;
  health(): SourceHealth[];
  /** Which source serves which group, as logged at start. */
  describe(): string;
}

export function createCompositeProvider(opts: CompositeOptions): CompositeProvider {
  const clock = opts.clock ?? Date.now;
  const byName = new Map(opts.sources.map((s) => [s.name, s]));
  const states = new Map<string, SourceState>(
    opts.sources.map((source) => [
      source.name,
      {
        source,
        log: new RequestLog(),
        cursor: 0,
        refreshedAt: new Map(),
        unknownUntil: new Map(),
        cache: new Map(),
        ok: false,
        quoted: 0,
        lastSuccess: null,
        lastError: null,
        lastErrorAt: null,
        running: null,
        failing: false,
        historyDue: [],
        historyDone: new Set(),
      },
    ]),
  );
  const bySymbol = new Map(opts.entries.map((e) => [e.symbol, e]));
  // Each instrument's enabled sources that have a ticker for it, in order; a pegged pair has none
  // (it is served from its peg).
  const routes = new Map(
    opts.entries.map((e) => [
      e.symbol,
      pegOf(e.symbol) === undefined ? routeOf(e).sources.filter((n) => byName.get(n)?.supports(e)) : [],
    ]),
  );
  // What was last published per symbol, to publish only changes (and label changes).
  const emitted = new Map<
    string,
    { price: number; time: number; source: string; freshness: string; delayMinutes?: number }
  >();
  // Real history fetched in the background, handed to the feed at the next tick.
  let history: BarRow[][] = [];
  const running = new Set<Promise<void>>();

  /** The source that should refresh a symbol now: the first that is not failing or backing off. */
  function primaryOf(symbol: string, now: number): SourceState | undefined {
    for (const name of routes.get(symbol) ?? []) {
      const st = states.get(name)!;
      if (st.source.client.backoffUntil() > now) continue;
      if ((st.unknownUntil.get(symbol) ?? 0) > now) continue;
      return st;
    }
    return undefined;
  }

  async function refresh(st: SourceState, now: number) {
    // The chart of an instrument someone watches (or has an alert on) comes before the rest's quotes.
    await fetchHistory(st, now, true);
    const candidates = opts.entries.filter((e) => primaryOf(e.symbol, now) === st).map((e) => e.symbol);
    const plan: Plan = planRefresh({
      now,
      candidates,
      alerted: opts.alerted(),
      watched: opts.watched(),
      refreshedAt: st.refreshedAt,
      exchangeOf: (s) => EXCHANGES[bySymbol.get(s)!.exchange],
      minAgeMs: opts.tickMs(),
      requests: st.log.remaining(st.source.budget, now),
      batchSize: st.source.batchSize,
      cursor: st.cursor,
    });
    st.cursor = plan.cursor;
    // Every quote is fresh: budget left over goes to the others' history, one instrument a round.
    if (plan.symbols.length === 0) await fetchHistory(st, now, false);
    for (let i = 0; i < plan.symbols.length; i += st.source.batchSize) {
      const chunk = plan.symbols.slice(i, i + st.source.batchSize);
      const before = st.source.client.sent();
      try {
        const quotes = await st.source.quotes(
          chunk.map((s) => bySymbol.get(s)!),
          clock(),
        );
        const at = clock();
        const got = new Set(quotes.map((q) => q.symbol));
        for (const q of quotes) {
          st.cache.set(q.symbol, { ...q, fetchedAt: at });
          // A stale trade counts as a failed answer for it: the next source is asked meanwhile.
          if (q.freshness === "stale") st.unknownUntil.set(q.symbol, at + STALE_RETRY_MS);
          if (st.source.history && !st.historyDone.has(q.symbol)) {
            st.historyDone.add(q.symbol);
            st.historyDue.push(q.symbol);
          }
        }
        for (const s of chunk) {
          st.refreshedAt.set(s, at);
          if (!got.has(s)) st.unknownUntil.set(s, at + UNKNOWN_RETRY_MS);
        }
        st.quoted = quotes.filter((q) => q.freshness !== "stale").length;
        st.ok = true;
        st.lastSuccess = at;
        if (st.failing) opts.log.info({ source: st.source.name }, "market: source reachable again");
        st.failing = false;
      } catch (err) {
        // Not asked at all (still backing off, or the bucket behind the planner is empty): the
        // source's state is what its last real answer said; try again next round.
        const kind = (err as SourceError).kind;
        if (kind === "backoff" || kind === "budget") break;
        st.ok = false;
        st.lastError = (err as Error).message.slice(0, 300);
        st.lastErrorAt = clock();
        if (!st.failing)
          opts.log.warn({ source: st.source.name, err: st.lastError }, "market: source failed; falling back");
        st.failing = true;
        break;
      } finally {
        st.log.record(now, st.source.client.sent() - before);
      }
    }
  }

  /**
   * With budget left after its quotes, a source fetches the real history (a year of daily bars,
   * the latest days of minute bars) of one instrument it quotes: watched and alerted ones first.
   */
  async function fetchHistory(st: SourceState, now: number, priorityOnly: boolean) {
    const fetch = st.source.history;
    if (!fetch || st.historyDue.length === 0 || st.log.remaining(st.source.budget, now) < 2) return;
    const first = new Set([...opts.alerted(), ...opts.watched()]);
    const found = st.historyDue.findIndex((s) => first.has(s));
    if (found < 0 && priorityOnly) return;
    const symbol = st.historyDue.splice(Math.max(0, found), 1)[0]!;
    const entry = bySymbol.get(symbol)!;
    const before = st.source.client.sent();
    try {
      for (const span of ["1y", "5d"] as const) {
        const bars = await fetch(entry, span);
        if (bars.length > 0) history.push(bars);
      }
    } catch (err) {
      // Not fatal: the chart keeps the simulator's backfill and live bars; asked again later.
      const kind = (err as SourceError).kind;
      if (kind === "backoff" || kind === "budget") st.historyDue.push(symbol);
      else opts.log.debug({ err, source: st.source.name, symbol }, "market: history request failed");
    } finally {
      st.log.record(now, st.source.client.sent() - before);
    }
  }

  /** Starts a background refresh round of every source not already refreshing. */
  function kick(now: number) {
    for (const st of states.values()) {
      if (st.running) continue;
      const p = refresh(st, now)
        .catch((err) => opts.log.error({ err, source: st.source.name }, "market: refresh round failed"))
        .finally(() => {
          st.running = null;
          running.delete(p);
        });
      st.running = p;
      running.add(p);
    }
  }

  /**
   * The real quote an instrument shows now, if any source in its route has a usable one: the
   * first current one; a stale one (an old trade, labelled with its date) only when no source has
   * a current one, rather than a simulated price.
   */
  function realQuote(symbol: string, now: number): SourceQuote | undefined {
    let stale: SourceQuote | undefined;
    for (const name of routes.get(symbol) ?? []) {
      const st = states.get(name)!;
      if (!st.ok) continue;
      const q = st.cache.get(symbol);
      if (!q) continue;
      const maxAge = st.source.daily ? MAX_AGE_DAILY_MS : MAX_AGE_MS;
      if (now - q.fetchedAt > maxAge) continue;
      // The label is as of now, not as of the fetch: a cached quote ages into delayed, and reads end
      // of day once its market closes. The delay it was fetched with is at least the declared one.
      const { delayMinutes, fetchedAt: _, ...quote } = q;
      const labelled: SourceQuote = {
        ...quote,
        ...labelFor({
          source: q.source,
          entry: bySymbol.get(symbol)!,
          quoteTime: q.time,
          now,
          daily: st.source.daily,
          declaredDelayMinutes: delayMinutes,
        }),
      };
      if (labelled.freshness !== "stale") return labelled;
      stale ??= labelled;
    }
    return stale;
  }

  /** A pegged pair at its official rate, stamped at the start of the UTC day (it does not move). */
  function pegQuote(symbol: string, now: number): ProviderQuote | undefined {
    const peg = pegOf(symbol);
    if (peg === undefined) return undefined;
    const time = now - (now % 86_400_000);
    return {
      symbol,
      price: peg,
      previousClose: peg,
      dayHigh: peg,
      dayLow: peg,
      time,
      source: "peg",
      freshness: "peg",
    };
  }

  function publishable(
    symbol: string,
    now: number,
    simChanged: Map<string, ProviderQuote>,
  ): ProviderQuote | null {
    const real = realQuote(symbol, now) ?? pegQuote(symbol, now);
    const last = emitted.get(symbol);
    if (real) {
      // A source without a previous close (gold-api) has none here (0): the feed takes the last
      // real close it stored, never the simulator's.
      const previousClose = real.previousClose > 0 ? real.previousClose : 0;
      const q: ProviderQuote = { ...real, previousClose };
      // The simulator continues from a current real price only (not an old trade, not a peg).
      if (real.freshness !== "stale" && real.freshness !== "peg") opts.simulator.follow(symbol, q);
      if (
        last &&
        last.price === q.price &&
        last.time === q.time &&
        last.source === real.source &&
        last.freshness === real.freshness &&
        last.delayMinutes === real.delayMinutes
      ) {
        return null;
      }
      return q;
    }
    const moved = simChanged.get(symbol);
    if (moved) return moved;
    // Back to the simulator after a real source: publish the relabelled price even if it did not move.
    if (last && last.source !== "simulator") {
      const s = opts.simulator.state(symbol);
      if (s) {
        return {
          symbol,
          price: s.price,
          previousClose: s.previousClose,
          dayHigh: s.dayHigh,
          dayLow: s.dayLow,
          time: now,
          source: "simulator",
          freshness: "simulated",
        };
      }
    }
    return null;
  }

  function remember(quotes: ProviderQuote[]) {
    for (const q of quotes) {
      emitted.set(q.symbol, {
        price: q.price,
        time: q.time,
        source: q.source ?? "simulator",
        freshness: q.freshness ?? "simulated",
        delayMinutes: q.delayMinutes,
      });
    }
  }

  /** Per group, the sources in the order they are asked (the route's order), then the fallbacks. */
  function describe() {
    const groups = new Map<SourceGroup, { order: string[]; used: Set<string>; pegs: boolean }>();
    for (const e of opts.entries) {
      const { group, sources } = routeOf(e);
      const g = groups.get(group) ?? { order: sources, used: new Set<string>(), pegs: false };
      groups.set(group, g);
      for (const n of routes.get(e.symbol) ?? []) g.used.add(n);
      if (pegOf(e.symbol) !== undefined) g.pegs = true;
    }
    const parts = [...groups].map(([name, g]) => {
      const chain = [...(g.pegs ? ["peg"] : []), ...g.order.filter((n) => g.used.has(n)), "simulator"];
      return `${GROUP_NAMES[name]}: ${chain.join(" → ")}`;
    });
    return parts.join("; ");
  }

  return {
    name: "auto",
    async start(stored, now, signal) {
      // The simulator answers at once (offline too); real sources replace its prices as they answer.
      const first = await opts.simulator.start(stored, now, signal);
      remember(first.quotes);
      kick(now);
      return first;
    },
    async poll(now, signal) {
      const simChanged = new Map((await opts.simulator.poll(now, signal)).map((q) => [q.symbol, q]));
      const out: ProviderQuote[] = [];
      for (const e of opts.entries) {
        const q = publishable(e.symbol, now, simChanged);
        if (q) out.push(q);
      }
      remember(out);
      kick(now);
      return out;
    },
    takeHistory() {
      const out = history;
      history = [];
      return out;
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
    health() {
      const now = clock();
      const groupsOf = new Map<string, Set<string>>();
      for (const e of opts.entries) {
        const first = routes.get(e.symbol)?.[0];
        if (!first) continue;
        const set = groupsOf.get(first) ?? new Set<string>();
        groupsOf.set(first, set);
        set.add(routeOf(e).group);
      }
      return [...states.values()].map((st) => {
        const backoff = st.source.client.backoffUntil();
        return {
          name: st.source.name,
          groups: [...(groupsOf.get(st.source.name) ?? [])],
          quoted: [...st.cache.values()].filter((q) => now - q.fetchedAt <= MAX_AGE_MS).length,
          ok: st.ok,
          budget: {
            perMinute: st.source.budget.perMinute,
            perDay: st.source.budget.perDay,
            usedMinute: st.log.usedMinute(now),
            usedDay: st.log.usedDay(now),
          },
          lastSuccess: st.lastSuccess ? new Date(st.lastSuccess).toISOString() : null,
          lastError: st.lastError,
          lastErrorAt: st.lastErrorAt ? new Date(st.lastErrorAt).toISOString() : null,
          backoffUntil: backoff ? new Date(backoff).toISOString() : null,
        };
      });
    },
    describe,
  };
}
