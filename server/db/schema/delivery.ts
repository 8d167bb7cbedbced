import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, userRef } from "./columns";

// Where a user's alerts are delivered besides the site and the mail: webhook endpoints and the
// secret that signs their bodies (docs/product/alerts.md).

/** A user's webhook URLs. The default one receives alerts that ask for a webhook without naming one. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    url: text("url").notNull(),
    label: text("label").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_endpoints_user_idx").on(t.userId),
    uniqueIndex("webhook_endpoints_user_url_uq").on(t.userId, t.url),
  ],
);

/** The per-user secret that signs webhook bodies (X-GulfPulse-Signature); rotatable. */
export const webhookSecrets = pgTable("webhook_secrets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});
