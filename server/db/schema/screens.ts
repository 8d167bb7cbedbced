import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, userRef } from "./columns";

/**
 * A reader's saved screener screens: the screen's address parameters (filters and sort), whether
 * an instrument entering or leaving it is announced (and also by mail), and the membership last
 * announced, so a tick only reports a change against what the reader was last told.
 */
export const savedScreens = pgTable(
  "saved_screens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    name: text("name").notNull(),
    /** The screen as `/screener` parameters (no paging), e.g. `exchange=TADAWUL&changePercentMin=2`. */
    query: text("query").notNull(),
    alerts: boolean("alerts").notNull().default(true),
    notifyEmail: boolean("notify_email").notNull().default(false),
    /** The symbols last announced as in the screen, sorted. */
    members: jsonb("members").$type<string[]>().notNull().default([]),
    /** When each symbol's last entered/left notice went out (ISO time), for the debounce. */
    noticedAt: jsonb("noticed_at").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("saved_screens_user_name_uq").on(t.userId, t.name),
    index("saved_screens_user_idx").on(t.userId),
    index("saved_screens_alerts_idx").on(t.alerts),
  ],
);
