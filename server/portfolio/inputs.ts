import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { MarketService, Quote } from "../market/types";
import { addDays } from "./engine/dates";
import { createFxRates, type DailyUsdRates } from "./engine/fx-pegs";
import { createPriceHistory } from "./engine/price-history";
import type { Activity, EngineInput, InstrumentFacts, LiveQuote } from "./engine/types";

/** What valuing a portfolio reads from the site: the instrument directory, stored closes, live quotes. */
export interface MarketInputs {
  market: Pick<MarketService, "findInstrument" | "quote">;
  /** A listed company's sector, when the directory has it. */
  sectorOf(symbol: string): Promise<string | null>;
}

/**
 * Floating currencies and the catalogue pair that prices each against the US dollar. The Gulf
 * currencies pegged to the dollar need none (the engine's exact pegs); `inverse` pairs quote
 * dollars per unit (EUR/USD), the others units per dollar (USD/KWD).
 */
const FX_PAIRS: Record<string, { pair: string; inverse: boolean }> = {
  KWD: { pair: "USD/KWD", inverse: false },
  EUR: { pair: "EUR/USD", inverse: true },
  GBP: { pair: "GBP/USD", inverse: true },
  JPY: { pair: "USD/JPY", inverse: false },
};

type Rows = { rows: Array<{ symbol: string; ts: string | Date; close: string | number; real: unknown }> };
const isTrue = (v: unknown) => v === true || v === "t" || v === "true";
const dayOf = (ts: string | Date) => new Date(ts).toISOString().slice(0, 10);

/**
 * Stored daily closes per symbol from `from` on, oldest first: a symbol's real bars when it has
 * any, else its simulated ones (a simulated close never stands next to a real one).
 */
export async function readCloses(db: Db, symbols: string[], from: string) {
  const out = new Map<string, Array<{ date: string; close: number; real: boolean }>>();
  if (symbols.length === 0) return out;
  const result = (await db.execute(sql`
    select symbol, ts, close, real from market_bars
    where interval = '1d' and ts >= ${`${from}T00:00:00Z`}
      and symbol in (${sql.join(
        symbols.map((s) => sql`${s}`),
        sql`, `,
      )})
    order by symbol, ts`)) as unknown as Rows;
  for (const r of result.rows) {
    const list = out.get(r.symbol) ?? [];
    out.set(r.symbol, list);
    list.push({ date: dayOf(r.ts), close: Number(r.close), real: isTrue(r.real) });
  }
  for (const [symbol, list] of out) {
    if (list.some((b) => b.real))
      out.set(
        symbol,
        list.filter((b) => b.real),
      );
  }
  return out;
}

/** A market quote as the engine takes it: its time, source and whether the simulator made it. */
export function liveQuote(q: Quote): LiveQuote {
  return {
    symbol: q.symbol,
    price: q.price,
    previousClose: q.previousClose > 0 ? q.previousClose : null,
    asOf: q.lastUpdate,
    simulated: q.freshness === "simulated",
    source: q.source,
  };
}

function fxRows(pair: { pair: string; inverse: boolean }, bars: Array<{ date: string; close: number }>) {
  return bars.map((b) => ({ date: b.date, perUsd: pair.inverse ? 1 / b.close : b.close }));
}

/** Everything the engine needs to value these activities today, read in one pass. */
export async function engineInput(
  db: Db,
  deps: MarketInputs,
  o: { baseCurrency: string; activities: Activity[]; today: string; now: Date },
): Promise<EngineInput> {
  const symbols = [...new Set(o.activities.flatMap((a) => (a.symbol ? [a.symbol] : [])))];
  const instruments = new Map<string, InstrumentFacts>();
  const quotes = new Map<string, LiveQuote>();
  for (const symbol of symbols) {
    const found = deps.market.findInstrument(symbol);
    const currency = found?.currency ?? o.activities.find((a) => a.symbol === symbol)!.currency;
    instruments.set(symbol, {
      symbol,
      currency,
      exchange: found?.exchange ?? "",
      sector: await deps.sectorOf(symbol),
    });
    const q = deps.market.quote(symbol);
    if (q) quotes.set(symbol, liveQuote(q));
  }
  const currencies = new Set([o.baseCurrency, ...o.activities.map((a) => a.currency)]);
  const floating = [...currencies].filter((c) => FX_PAIRS[c]);
  const first = o.activities.map((a) => a.date).sort()[0] ?? o.today;
  const bars = await readCloses(
    db,
    [...symbols, ...floating.map((c) => FX_PAIRS[c]!.pair)],
    addDays(first, -14),
  );
  const fx: Record<string, DailyUsdRates> = {};
  for (const c of floating) {
    const pair = FX_PAIRS[c]!;
    const rows = fxRows(pair, bars.get(pair.pair) ?? []);
    const live = deps.market.quote(pair.pair);
    if (live && live.price > 0) rows.push(...fxRows(pair, [{ date: o.today, close: live.price }]));
    fx[c] = rows;
  }
  return {
    baseCurrency: o.baseCurrency,
    activities: o.activities,
    instruments,
    closes: createPriceHistory(Object.fromEntries(bars)),
    fx: createFxRates(fx),
    quotes,
    today: o.today,
    now: o.now,
  };
}
