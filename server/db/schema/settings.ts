import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Admin-editable settings, applied without a restart. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
