import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

// Where a user's alerts are delivered besides the site: Web Push devices and webhook endpoints,
// and the webhook signing secret (docs/product/alerts.md). The VAPID key pair, when config gives
// none, is generated once and kept with the other server secrets in site_settings (`internal:`).

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/** A browser's Web Push subscription (one per device and browser). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** A label for the account page, from the user agent ("Chrome on Android"). */
    device: text("device").notNull().default(""),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

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
