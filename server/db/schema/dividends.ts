import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, userRef } from "./columns";

/**
 * Dividends and corporate actions, one row per (symbol, kind, ex-date): the same distribution
 * from two sources is stored once, and the row keeps the source that wins (docs/product/markets.md:
 * the editor over Twelve Data over Yahoo). `amount` is per share in `currency` (dividends);
 * `ratio` is new shares per old share (a 4-for-1 split is 4; a 1-for-10 bonus is 1.1).
 */
export const corporateActions = pgTable(
  "corporate_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    symbol: text("symbol").notNull(),
    /** dividend | split | bonus */
    kind: text("kind").notNull(),
    exDate: date("ex_date", { mode: "string" }).notNull(),
    recordDate: date("record_date", { mode: "string" }),
    paymentDate: date("payment_date", { mode: "string" }),
    amount: doublePrecision("amount"),
    currency: text("currency"),
    ratio: doublePrecision("ratio"),
    /** yahoo | twelvedata | editor */
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    /** Entered or corrected by an editor: a source's later answer never overwrites it. */
    byEditor: boolean("by_editor").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("corporate_actions_symbol_kind_ex_uq").on(t.symbol, t.kind, t.exDate),
    index("corporate_actions_ex_date_idx").on(t.exDate),
  ],
);

/** A reader's "remind me before the ex-date": one per (user, action), sent once. */
export const dividendReminders = pgTable(
  "dividend_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    actionId: uuid("action_id")
      .notNull()
      .references(() => corporateActions.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    notifyEmail: boolean("notify_email").notNull().default(false),
    notifyPush: boolean("notify_push").notNull().default(false),
    remindAt: timestamp("remind_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("dividend_reminders_user_action_uq").on(t.userId, t.actionId),
    index("dividend_reminders_due_idx").on(t.remindAt),
    // Removing a distribution removes its reminders and notices (the cascade looks them up by it).
    index("dividend_reminders_action_idx").on(t.actionId),
  ],
);

/** The bell has told this user about this watchlist member's coming ex-date: told once. */
export const dividendWatchNotices = pgTable(
  "dividend_watch_notices",
  {
    userId: userRef(),
    actionId: uuid("action_id")
      .notNull()
      .references(() => corporateActions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.actionId] }),
    index("dividend_watch_notices_action_idx").on(t.actionId),
  ],
);
