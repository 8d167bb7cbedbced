import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { FREQUENCIES } from "#common/newsletter-schema";
import { user } from "./auth";
import { createdAt } from "./columns";

/** Newsletter subscribers. Emails are unique case-insensitively. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    company: text("company"),
    interests: text("interests"),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull().default("weekly"),
    isActive: boolean("is_active").notNull().default(true),
    source: text("source", { enum: ["full", "community"] })
      .notNull()
      .default("full"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The language of the page the visitor subscribed from; their mails use it. */
    locale: text("locale").notNull().default("en"),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_uq").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_subscribed_at_idx").on(t.subscribedAt),
    index("newsletter_subscribers_frequency_idx").on(t.frequency, t.isActive),
  ],
);

/** A newsletter send; one outbox row per subscriber (idempotent per campaign and subscriber). */
export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    contentMarkdown: text("content_markdown").notNull(),
    /** The Arabic version; null sends the English version to Arabic subscribers too. */
    subjectAr: text("subject_ar"),
    contentMarkdownAr: text("content_markdown_ar"),
    frequency: text("frequency", { enum: FREQUENCIES }).notNull(),
    isTest: boolean("is_test").notNull().default(false),
    status: text("status", { enum: ["queued", "sending", "done"] })
      .notNull()
      .default("queued"),
    total: integer("total").notNull().default(0),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("newsletter_campaigns_created_idx").on(t.createdAt),
    index("newsletter_campaigns_by_idx").on(t.createdBy),
  ],
);
