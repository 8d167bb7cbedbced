import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate limits shared by every process (chat, forms, newsletter sign-ups): one row per key holding
 * its GCRA "theoretical arrival time"; a row whose time has passed is spent and swept.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    tat: timestamp("tat", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_tat_idx").on(t.tat)],
);
