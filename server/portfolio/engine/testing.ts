import { createFxRates, type DailyUsdRates } from "./fx-pegs";
import { createPriceHistory } from "./price-history";
import type { Activity, EngineInput, InstrumentFacts, LiveQuote, PriceHistory } from "./types";

/** Builders for the engine's tests and benchmark (no test framework imported here). */

let nextSequence = 1;

export function act(fields: Partial<Activity> & Pick<Activity, "type" | "date">): Activity {
  const sequence = fields.sequence ?? nextSequence++;
  return {
    id: fields.id ?? `a${sequence}`,
    sequence,
    symbol: null,
    quantity: 0,
    unitPrice: 0,
    currency: "SAR",
    amount: 0,
    commission: 0,
    vat: 0,
    withholding: 0,
    splitRatio: null,
    ...fields,
  };
}

/** Daily closes from a table per symbol: [date, close][] in any order; last close on or before a date. */
export function closesFrom(table: Record<string, Array<[string, number]>>): PriceHistory {
  const rows = Object.entries(table).map(([symbol, list]) => [
    symbol,
    list.map(([date, close]) => ({ date, close })),
  ]);
  return createPriceHistory(Object.fromEntries(rows));
}

export function facts(symbol: string, currency: string, exchange: string, sector: string | null = null) {
  return [symbol, { symbol, currency, exchange, sector }] as [string, InstrumentFacts];
}

export function quote(symbol: string, price: number, previousClose: number | null = null, simulated = false) {
  const q: LiveQuote = {
    symbol,
    price,
    previousClose,
    asOf: "2026-01-01T12:00:00Z",
    simulated,
    source: "test",
  };
  return [symbol, q] as [string, LiveQuote];
}

export function engineInput(fields: Partial<EngineInput> & { floating?: Record<string, DailyUsdRates> }) {
  const { floating, ...rest } = fields;
  const input: EngineInput = {
    baseCurrency: "SAR",
    activities: [],
    instruments: new Map(),
    closes: closesFrom({}),
    fx: createFxRates(floating ?? {}),
    quotes: new Map(),
    today: "2026-01-10",
    now: new Date("2026-01-10T12:00:00Z"),
    ...rest,
  };
  return input;
}
