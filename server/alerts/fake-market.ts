import type { Instrument, MarketService, Quote } from "../market/types";

/**
 * A tick source with the MarketService shape whose prices a test sets by hand, for exercising the
 * evaluator at exact prices. Not used by the running site.
 */
export function createFakeMarket(
  instruments: Array<Pick<Instrument, "symbol" | "name"> & { price: number }>,
) {
  const listeners = new Set<(changed: Quote[]) => void>();
  const catalogue: Instrument[] = instruments.map((i) => ({
    symbol: i.symbol,
    name: i.name,
    category: "gulfStocks",
    exchange: "TEST",
    currency: "USD",
    decimals: 2,
    aliases: [],
  }));
  const quotes = new Map<string, Quote>();
  const quoteOf = (symbol: string, price: number): Quote => ({
    symbol,
    name: symbol,
    price,
    change: 0,
    changePercent: 0,
    isPositive: true,
    category: "gulfStocks",
    lastUpdate: new Date().toISOString(),
    previousClose: price,
    dayHigh: price,
    dayLow: price,
    marketOpen: true,
  });
  for (const i of instruments) quotes.set(i.symbol, quoteOf(i.symbol, i.price));

  const market: MarketService & { tick(prices: Record<string, number>): Quote[] } = {
    catalogue: () => catalogue,
    findInstrument: (q) => catalogue.find((i) => i.symbol.toLowerCase() === q.trim().toLowerCase()),
    quote: (s) => quotes.get(s),
    snapshot: () => ({
      gulfStocks: [...quotes.values()],
      currencies: [],
      commodities: [],
      crypto: [],
      usIndices: [],
      lastRefresh: new Date().toISOString(),
    }),
    onTick(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    history: async () => [],
    tick(prices) {
      const changed = Object.entries(prices).map(([s, p]) => quoteOf(s, p));
      for (const q of changed) quotes.set(q.symbol, q);
      for (const fn of listeners) fn(changed);
      return changed;
    },
  };
  return market;
}
