import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookSecrets } from "../db/schema";
import { newWebhookSecret } from "./signature";

/** The user's webhook signing secret, made on first use (two racing callers get the same one). */
export async function ensureWebhookSecret(db: Db, userId: string): Promise<string> {
  await db.insert(webhookSecrets).values({ userId, secret: newWebhookSecret() }).onConflictDoNothing();
  const [row] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.userId, userId));
  return row!.secret;
}

/** A new secret replaces the old one at once: receivers must be given it before the next alert. */
export async function rotateWebhookSecret(db: Db, userId: string): Promise<string> {
  const secret = newWebhookSecret();
  await db
    .insert(webhookSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: webhookSecrets.userId, set: { secret, createdAt: sql`now()` } });
  return secret;
}
