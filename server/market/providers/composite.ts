import type { Logger } from "../../logger";
import type { CatalogueEntry } from "../catalogue";
import type { MarketProvider, ProviderQuote } from "../provider";
import type { Simulator } from "../simulator";
import type { SourceHealth } from "../types";
import { createQuoteChoice } from "./quote-choice";
import type { QuoteSource } from "./source";
import { createSourceRefresh } from "./source-refresh";
import { describeRoutes, groupsBySource, routesOf } from "./source-routes";
import { newSourceState, sourceHealth } from "./source-state";

export { routeOf, type SourceGroup } from "./source-routes";

/**
 * `MARKET_PROVIDER=auto`: real sources per asset class, each instrument served by the first of its
 * sources that answers, the simulator where none does. Sources are asked in the background — a
 * tick never waits on the network — so an offline machine starts and ticks exactly as with the
 * simulator, and a source that fails is dropped from the next tick (its instruments fall back to
 * the next source's quotes or to the simulator, and their labels say so).
 *
 * The parts: which sources serve which instrument (./source-routes.ts), what is known of each
 * source (./source-state.ts), the background refresh rounds (./source-refresh.ts) and the quote
 * each instrument publishes at a tick (./quote-choice.ts).
 */

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
  const states = new Map(opts.sources.map((source) => [source.name, newSourceState(source)]));
  const bySymbol = new Map(opts.entries.map((e) => [e.symbol, e]));
  const routes = routesOf(opts.entries, opts.sources);
  const refresh = createSourceRefresh({ ...opts, bySymbol, states, routes, clock });
  const choice = createQuoteChoice({ bySymbol, states, routes, simulator: opts.simulator });

  return {
    name: "auto",
    async start(stored, now, signal) {
      // The simulator answers at once (offline too); real sources replace its prices as they answer.
      const first = await opts.simulator.start(stored, now, signal);
      choice.remember(first.quotes);
      refresh.kick(now);
      return first;
    },
    async poll(now, signal) {
      const simChanged = new Map((await opts.simulator.poll(now, signal)).map((q) => [q.symbol, q]));
      const out: ProviderQuote[] = [];
      for (const e of opts.entries) {
        const q = choice.publishable(e.symbol, now, simChanged);
        if (q) out.push(q);
      }
      choice.remember(out);
      refresh.kick(now);
      return out;
    },
    takeHistory: refresh.takeHistory,
    settled: refresh.settled,
    health() {
      const now = clock();
      const groupsOf = groupsBySource(opts.entries, routes);
      return [...states.values()].map((st) => sourceHealth(st, groupsOf.get(st.source.name), now));
    },
    describe: () => describeRoutes(opts.entries, routes),
  };
}
