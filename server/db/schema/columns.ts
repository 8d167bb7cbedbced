import { text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

// Columns many tables share, written once so every table spells them alike.

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** The owning user; the row goes when the account does. */
export const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
