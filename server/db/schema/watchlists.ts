import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns";

/** A user's named watchlists, in the order the user arranged them. */
export const watchlists = pgTable(
  "watchlists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("watchlists_user_name_uq").on(t.userId, t.name),
    index("watchlists_user_position_idx").on(t.userId, t.position),
  ],
);

/** The instruments on a watchlist. */
export const watchlistItems = pgTable(
  "watchlist_items",
  {
    watchlistId: uuid("watchlist_id")
      .notNull()
      .references(() => watchlists.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    position: integer("position").notNull().default(0),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.watchlistId, t.symbol] }),
    index("watchlist_items_symbol_idx").on(t.symbol),
  ],
);
