import { sql } from "drizzle-orm";
import { boolean, index, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The market: the listed companies, the latest quote of each instrument and its bars.

/**
 * Every listed company the site knows (server/market/universe): seeded from the shipped
 * listings file, refreshed from a provider's listing endpoint. `source` names where the row's
 * facts came from (a key of the file's sources, or the provider).
 */
export const instruments = pgTable(
  "instruments",
  {
    symbol: text("symbol").primaryKey(),
    name: text("name").notNull(),
    nameAr: text("name_ar").notNull(),
    nameArMissing: boolean("name_ar_missing").notNull().default(false),
    exchange: text("exchange").notNull(),
    board: text("board"),
    sector: text("sector").notNull(),
    currency: text("currency").notNull(),
    tickers: jsonb("tickers").$type<{ yahoo?: string; twelveData?: string; sahmk?: string }>().notNull(),
    source: text("source").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("instruments_exchange_idx").on(t.exchange, t.symbol)],
);

/** Latest quote per instrument (the catalogue itself lives in code). */
export const marketQuotes = pgTable("market_quotes", {
  symbol: text("symbol").primaryKey(),
  price: numeric("price", { precision: 24, scale: 8, mode: "number" }).notNull(),
  previousClose: numeric("previous_close", { precision: 24, scale: 8, mode: "number" }).notNull(),
  dayHigh: numeric("day_high", { precision: 24, scale: 8, mode: "number" }).notNull(),
  dayLow: numeric("day_low", { precision: 24, scale: 8, mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** OHLC bars: interval '1m' for intraday, '1d' for daily history. */
export const marketBars = pgTable(
  "market_bars",
  {
    symbol: text("symbol").notNull(),
    interval: text("interval", { enum: ["1m", "1d"] }).notNull(),
    ts: timestamp("ts", { withTimezone: true }).notNull(),
    open: numeric("open", { precision: 24, scale: 8, mode: "number" }).notNull(),
    high: numeric("high", { precision: 24, scale: 8, mode: "number" }).notNull(),
    low: numeric("low", { precision: 24, scale: 8, mode: "number" }).notNull(),
    close: numeric("close", { precision: 24, scale: 8, mode: "number" }).notNull(),
    /**
     * Written by a real source (its history, or ticks of its quotes) only; a bar the simulator
     * touched stays false, so a chart can mark simulated bars and a change is never computed
     * from a simulated close.
     */
    real: boolean("real").notNull().default(false),
    /** Shares traded in the bar, as the real source's history gives it; null where none did. */
    volume: numeric("volume", { precision: 24, scale: 4, mode: "number" }),
    /** The real source whose history wrote the bar ("yahoo", "twelvedata"); null for ticks and the simulator. */
    source: text("source"),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.ts] })],
);
