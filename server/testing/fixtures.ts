import { eq } from "drizzle-orm";
import { user } from "../db/schema";
import type { Services } from "../services";

export const TEST_PASSWORD = "secret123";

/**
 * Every table a request can change. Left out on purpose: rate_limit (each request counts itself)
 * and the market tables (written by the price feed, not by requests).
 */
const REQUEST_WRITABLE_TABLES = [
  "user",
  "session",
  "account",
  "verification",
  "user_roles",
  "audit_log",
  "articles",
  "brokers",
  "blacklist_entries",
  "economic_events",
  "education_cards",
  "news_feeds",
  "news_items",
  "news_analyses",
  "form_submissions",
  "mail_outbox",
  "site_settings",
  "newsletter_subscribers",
  "newsletter_campaigns",
  "price_alerts",
  "watchlists",
  "watchlist_items",
  "alert_notifications",
  "calendar_reminders",
  "chat_conversations",
  "chat_messages",
  "webhook_endpoints",
  "webhook_secrets",
  "alert_deliveries",
  "shariah_authorities",
  "shariah_rulings",
  "disclosure_feeds",
  "disclosures",
  "portfolios",
  "portfolio_activities",
  "portfolio_alerts",
];

/** A digest of the rows of the given tables: equal digests mean nothing was written. */
export async function fingerprintTables(s: Services, tables: readonly string[] = REQUEST_WRITABLE_TABLES) {
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await s.database.query<{ h: string }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t`,
    );
    parts.push(`${table}:${rows[0]!.h}`);
  }
  return parts.join("\n");
}

/** A user who signed up and confirmed the email; returns the user id. */
export async function signUpVerified(s: Services, email: string, name: string, password = TEST_PASSWORD) {
  await s.auth.api.signUpEmail({ body: { email, password, name } });
  const [u] = await s.db.update(user).set({ emailVerified: true }).where(eq(user.email, email)).returning();
  return u!.id;
}

/** Signs in through the auth library and returns the Cookie header value for later requests. */
export async function signInCookie(s: Services, email: string, password = TEST_PASSWORD) {
  const res = await s.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed with ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
