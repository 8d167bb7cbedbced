import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns";

// Web Push devices (docs/product/alerts.md). The VAPID key pair, when config gives none, is
// generated once and kept with the other server secrets in site_settings (`internal:`).

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
