import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, updatedAt } from "./columns";

/** Editorial articles for the news pages and broker analysis. */
export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    section: text("section", { enum: ["economic", "breaking", "central-bank", "broker-analysis"] }).notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    /** Optional Arabic versions; null shows the English text (marked lang="en") on Arabic pages. */
    titleAr: text("title_ar"),
    excerptAr: text("excerpt_ar"),
    bodyMarkdownAr: text("body_markdown_ar"),
    /** The Arabic fields were written by the configured model, not an editor (labelled "ترجمة آلية"). */
    arMachineTranslated: boolean("ar_machine_translated").notNull().default(false),
    category: text("category"),
    priority: text("priority", { enum: ["urgent", "high", "medium"] }),
    bankName: text("bank_name"),
    published: boolean("published").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("articles_section_published_idx").on(t.section, t.publishedAt),
    index("articles_author_idx").on(t.authorId),
  ],
);

/** A broker (editable in the admin area). */
export const brokers = pgTable(
  "brokers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull(),
    regulators: jsonb("regulators").$type<string[]>().notNull().default([]),
    minDeposit: text("min_deposit").notNull(),
    spread: text("spread").notNull(),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    url: text("url"),
    description: text("description").notNull().default(""),
    /** Optional Arabic description; null shows the English one (marked lang="en") on Arabic pages. */
    descriptionAr: text("description_ar"),
    sortOrder: integer("sort_order").notNull().default(0),
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("brokers_sort_idx").on(t.sortOrder)],
);

/** A blacklisted broker. */
export const blacklistEntries = pgTable(
  "blacklist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    reason: text("reason").notNull(),
    dateAdded: timestamp("date_added", { withTimezone: true }).notNull().defaultNow(),
    warning: text("warning").notNull(),
    /** Optional Arabic versions; null shows the English text (marked lang="en") on Arabic pages. */
    reasonAr: text("reason_ar"),
    warningAr: text("warning_ar"),
    severity: text("severity", { enum: ["urgent", "high", "medium"] }).notNull(),
    regulator: text("regulator"),
    createdAt: createdAt(),
  },
  (t) => [index("blacklist_entries_date_idx").on(t.dateAdded)],
);
