import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { siteSettings } from "../db/schema";

/** The server's VAPID identity (RFC 8292): the key pair every push request is signed with. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

// A server secret: the `internal:` prefix keeps it out of the settings the admin UI lists.
const KEY = "internal:vapid";

type VapidConfig = Pick<
  Config,
  "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "publicUrl" | "MAIL_TEAM_ADDRESS"
>;

/**
 * The key pair from config, or else one generated at first start and kept in site_settings.
 * Every process must sign with the same pair (a browser's subscription is bound to the public
 * key), so a process inserts its candidate only if none is stored and then uses what is stored.
 */
export async function loadOrCreateVapidKeys(db: Db, config: VapidConfig): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const candidate = webpush.generateVAPIDKeys();
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: { publicKey: candidate.publicKey, privateKey: candidate.privateKey } })
    .onConflictDoNothing();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const stored = row!.value as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/**
 * Who a push service may contact about our messages: VAPID_SUBJECT, else the site's https address,
 * else the team's mail address (push services refuse a subject that is neither mailto: nor https:).
 */
export function vapidSubject(config: VapidConfig): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.publicUrl.startsWith("https://")) return new URL(config.publicUrl).origin;
  const address = /<([^>]+)>/.exec(config.MAIL_TEAM_ADDRESS)?.[1] ?? config.MAIL_TEAM_ADDRESS;
  return `mailto:${address.trim()}`;
}
