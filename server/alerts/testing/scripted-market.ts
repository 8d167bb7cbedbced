import type { Scheduler } from "../../jobs/scheduler";
import { CATALOGUE } from "../../market/catalogue";
import type { MarketProvider, ProviderQuote } from "../../market/provider";

/**
 * The real market service, fed by a provider whose prices the test sets: each tick goes the
 * production way (provider -> feed -> database -> bus -> every process's snapshot -> onTick).
 */
export function scriptedProvider() {
  const prices = new Map(CATALOGUE.map((e) => [e.symbol, e.base]));
  let pending: string[] = [];
  /** Labels the test gives a symbol's quotes (unlabelled quotes count as simulated). */
  const labels = new Map<string, { source: string; freshness: string }>();
  const quoteOf = (symbol: string, now: number): ProviderQuote => {
    const price = prices.get(symbol)!;
    const label = labels.get(symbol) as Pick<ProviderQuote, "source" | "freshness"> | undefined;
    return { symbol, price, previousClose: price, dayHigh: price, dayLow: price, time: now, ...label };
  };
  const provider: MarketProvider & {
    set(p: Record<string, number>): void;
    label(symbol: string, label: { source: string; freshness: string } | undefined): void;
  } = {
    name: "scripted",
    start: async (_stored, now) => ({ quotes: CATALOGUE.map((e) => quoteOf(e.symbol, now)), bars: [] }),
    async poll(now) {
      const out = pending.map((symbol) => quoteOf(symbol, now));
      pending = [];
      return out;
    },
    set(p) {
      for (const [symbol, price] of Object.entries(p)) prices.set(symbol, price);
      pending = Object.keys(p);
    },
    label(symbol, label) {
      if (label) labels.set(symbol, label);
      else labels.delete(symbol);
    },
  };
  return provider;
}

export const stubJobs = (leader: boolean) =>
  ({ register() {}, isLeader: () => leader }) as unknown as Scheduler;
