import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SHARIAH_RULINGS } from "#common/shariah";
import { user } from "./auth";
import { createdAt, updatedAt } from "./columns";

/** A Shariah screening authority (a board or a screen), named in both languages. */
export const shariahAuthorities = pgTable("shariah_authorities", {
  id: text("id").primaryKey(),
  nameEn: text("name_en").notNull(),
  nameAr: text("name_ar").notNull(),
  url: text("url"),
  /** Order on the company page. */
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** One authority's published ruling on one listed company: the latest list wins (one row each). */
export const shariahRulings = pgTable(
  "shariah_rulings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    symbol: text("symbol").notNull(),
    authorityId: text("authority_id")
      .notNull()
      .references(() => shariahAuthorities.id, { onDelete: "cascade" }),
    ruling: text("ruling", { enum: SHARIAH_RULINGS }).notNull(),
    listDate: date("list_date", { mode: "string" }).notNull(),
    listUrl: text("list_url").notNull(),
    /** Per share, in the listing's currency; kept as text so no float rounds it. */
    purificationPerShare: text("purification_per_share"),
    source: text("source").notNull().default(""),
    /** The editor who last wrote the row; null for the shipped seed. */
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shariah_rulings_symbol_authority_idx").on(t.symbol, t.authorityId),
    index("shariah_rulings_authority_idx").on(t.authorityId),
    // Deleting an editor's account clears their name from the rows they wrote.
    index("shariah_rulings_updated_by_idx").on(t.updatedBy),
    check("shariah_rulings_ruling_check", sql`${t.ruling} in ('compliant', 'non-compliant', 'mixed')`),
  ],
);
