import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Every email is a row first; a worker delivers it (ARCHITECTURE: Outbox). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: ["pending", "sending", "sent", "dead"] })
      .notNull()
      .default("pending"),
    transport: text("transport"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    campaignId: uuid("campaign_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The delivery worker's two queues: single mails first, then campaign rows. Partial, so a
    // claim reads only due rows however large the sent history or the campaign backlog grows.
    index("mail_outbox_pending_single_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.campaignId} is null`),
    index("mail_outbox_pending_bulk_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending' and ${t.campaignId} is not null`),
    index("mail_outbox_campaign_idx").on(t.campaignId),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);
