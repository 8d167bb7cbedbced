import type { CatalogueEntry } from "../catalogue";
import type { ProviderQuote } from "../provider";
import type { Simulator } from "../simulator";
import { pegOf } from "./frankfurter";
import { labelFor, type SourceQuote } from "./source";
import type { Routes } from "./source-routes";
import { MAX_AGE_DAILY_MS, MAX_AGE_MS, type SourceState } from "./source-state";

export interface ChoiceContext {
  bySymbol: Map<string, CatalogueEntry>;
  states: Map<string, SourceState>;
  routes: Routes;
  simulator: Simulator;
}

/**
 * The real quote an instrument shows now, if any source in its route has a usable one: the
 * first current one; a stale one (an old trade, labelled with its date) only when no source has
 * a current one, rather than a simulated price.
 */
function realQuote(ctx: ChoiceContext, symbol: string, now: number): SourceQuote | undefined {
  let stale: SourceQuote | undefined;
  for (const name of ctx.routes.get(symbol) ?? []) {
    const st = ctx.states.get(name)!;
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
        entry: ctx.bySymbol.get(symbol)!,
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

type Emitted = { price: number; time: number; source: string; freshness: string; delayMinutes?: number };

const sameAsEmitted = (last: Emitted | undefined, q: ProviderQuote) =>
  last !== undefined &&
  last.price === q.price &&
  last.time === q.time &&
  last.source === q.source &&
  last.freshness === q.freshness &&
  last.delayMinutes === q.delayMinutes;

/**
 * What each instrument publishes at a tick: its real quote (or peg) when one is usable, else the
 * simulator's; only changes (and label changes) are published.
 */
export function createQuoteChoice(ctx: ChoiceContext) {
  // What was last published per symbol, to publish only changes (and label changes).
  const emitted = new Map<string, Emitted>();

  /** Back to the simulator after a real source: the relabelled price even if it did not move. */
  function backToSimulator(symbol: string, now: number): ProviderQuote | null {
    const s = ctx.simulator.state(symbol);
    if (!s) return null;
    const { price, previousClose, dayHigh, dayLow } = s;
    return {
      symbol,
      price,
      previousClose,
      dayHigh,
      dayLow,
      time: now,
      source: "simulator",
      freshness: "simulated",
    };
  }

  return {
    publishable(symbol: string, now: number, simChanged: Map<string, ProviderQuote>): ProviderQuote | null {
      const real = realQuote(ctx, symbol, now) ?? pegQuote(symbol, now);
      const last = emitted.get(symbol);
      if (real) {
        // A source without a previous close (gold-api) has none here (0): the feed takes the last
        // real close it stored, never the simulator's.
        const previousClose = real.previousClose > 0 ? real.previousClose : 0;
        const q: ProviderQuote = { ...real, previousClose };
        // The simulator continues from a current real price only (not an old trade, not a peg).
        if (real.freshness !== "stale" && real.freshness !== "peg") ctx.simulator.follow(symbol, q);
        return sameAsEmitted(last, q) ? null : q;
      }
      const moved = simChanged.get(symbol);
      if (moved) return moved;
      return last && last.source !== "simulator" ? backToSimulator(symbol, now) : null;
    },
    remember(quotes: ProviderQuote[]) {
      for (const q of quotes) {
        emitted.set(q.symbol, {
          price: q.price,
          time: q.time,
          source: q.source ?? "simulator",
          freshness: q.freshness ?? "simulated",
          delayMinutes: q.delayMinutes,
        });
      }
    },
  };
}
