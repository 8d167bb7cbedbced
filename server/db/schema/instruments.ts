import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
