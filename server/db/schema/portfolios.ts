import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns";

// Readers' portfolios (server/portfolio): every row carries its owner, so every query is scoped by
// user id as well as by portfolio id, and deleting an account deletes them all (cascade).

const money = (name: string) => numeric(name, { precision: 28, scale: 10, mode: "number" });

/** A reader's portfolio (one per broker, typically), valued in its base currency. */
export const portfolios = pgTable(
  "portfolios",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    name: text("name").notNull(),
    baseCurrency: text("base_currency").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("portfolios_user_idx").on(t.userId, t.createdAt)],
);

/** One activity (trade, dividend, corporate action, cash movement); amounts in major units. */
export const portfolioActivities = pgTable(
  "portfolio_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    portfolioId: uuid("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    userId: userRef(),
    type: text("type").notNull(),
    date: text("date").notNull(),
    /** Entry order inside the portfolio: breaks ties between activities of one day. */
    sequence: integer("sequence").notNull(),
    symbol: text("symbol"),
    quantity: money("quantity").notNull().default(0),
    unitPrice: money("unit_price").notNull().default(0),
    currency: text("currency").notNull(),
    amount: money("amount").notNull().default(0),
    commission: money("commission").notNull().default(0),
    vat: money("vat").notNull().default(0),
    withholding: money("withholding").notNull().default(0),
    splitRatio: money("split_ratio"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("portfolio_activities_portfolio_idx").on(t.portfolioId, t.date, t.sequence),
    index("portfolio_activities_user_idx").on(t.userId),
    index("portfolio_activities_symbol_idx").on(t.symbol),
  ],
);

/**
 * An alert on a whole portfolio: "day-move" (the day's change beyond N %) or "weight" (a holding
 * beyond N % of the portfolio). `firedOn`/`firedKeys` remember the crossings already announced
 * today, so each fires once per crossing per day.
 */
export const portfolioAlerts = pgTable(
  "portfolio_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    portfolioId: uuid("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    userId: userRef(),
    kind: text("kind").notNull(),
    threshold: money("threshold").notNull(),
    notifyEmail: boolean("notify_email").notNull().default(false),
    /** The day (YYYY-MM-DD) of the last firing, and what had crossed then ("day" or the symbols). */
    firedOn: text("fired_on"),
    firedKeys: text("fired_keys").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index("portfolio_alerts_portfolio_idx").on(t.portfolioId),
    index("portfolio_alerts_user_idx").on(t.userId),
    check("portfolio_alerts_kind_ck", sql`${t.kind} in ('day-move', 'weight')`),
  ],
);
