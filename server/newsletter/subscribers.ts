import { and, count, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import { type Lang, toLang } from "#common/locale";
import type { Db } from "../db/client";
import { newsletterCampaigns, newsletterSubscribers as t, user } from "../db/schema";
import type { Frequency, NewsletterSubscriber } from "./types";

const columns = {
  id: t.id,
  email: t.email,
  fullName: t.fullName,
  company: t.company,
  interests: t.interests,
  frequency: t.frequency,
  isActive: t.isActive,
  subscribedAt: t.subscribedAt,
};

export interface NewSubscriber {
  source: "full" | "community";
  fullName: string;
  email: string;
  company?: string;
  interests?: string;
  frequency: Frequency;
  /** The language of the page the visitor subscribed from. */
  locale: Lang;
}

/**
 * Inserts a subscriber, or reactivates one who unsubscribed (resubscribing). Returns null when the
 * email (case-insensitive) belongs to an active subscriber. The community form only has a name
 * and an email, so it keeps a returning subscriber's frequency, company and interests.
 */
export async function insertOrReactivateSubscriber(db: Db, s: NewSubscriber) {
  const result = await db.execute(sql`
    insert into ${t} (email, full_name, company, interests, frequency, source, locale)
    values (${s.email}, ${s.fullName}, ${s.company ?? null}, ${s.interests ?? null}, ${s.frequency}, ${s.source}, ${s.locale})
    on conflict ((lower(email))) do update set
      full_name = excluded.full_name,
      company = coalesce(excluded.company, ${t}.company),
      interests = coalesce(excluded.interests, ${t}.interests),
      frequency = case when excluded.source = 'full' then excluded.frequency else ${t}.frequency end,
      is_active = true,
      locale = excluded.locale,
      subscribed_at = now(),
      unsubscribed_at = null
    where ${t}.is_active = false
    returning id, email, full_name as "fullName", frequency, locale, subscribed_at as "subscribedAt"`);
  const row = (result as unknown as { rows: any[] }).rows[0];
  if (!row) return null;
  return {
    id: row.id as string,
    email: row.email as string,
    fullName: row.fullName as string,
    frequency: row.frequency as Frequency,
    locale: toLang(row.locale),
    subscribedAt: new Date(row.subscribedAt),
  };
}

export async function findSubscriber(db: Db, id: string) {
  const [row] = await db.select(columns).from(t).where(eq(t.id, id));
  return row ?? null;
}

/**
 * The language to write to an address in: its subscription's, else its account's, else English.
 * Mails an admin sends to an address (welcome, broker selection) follow the recipient's language.
 */
export async function localeForEmail(db: Db, email: string): Promise<Lang> {
  const result = await db.execute(sql`
    select locale from (
      select locale, 1 as rank from ${t} where lower(email) = lower(${email})
      union all
      select locale, 2 from ${user} where lower(email) = lower(${email})
    ) found order by rank limit 1`);
  return toLang((result as unknown as { rows: { locale: string }[] }).rows[0]?.locale);
}

export async function deactivateSubscriber(db: Db, id: string) {
  const [row] = await db
    .update(t)
    .set({ isActive: false, unsubscribedAt: sql`coalesce(${t.unsubscribedAt}, now())` })
    .where(eq(t.id, id))
    .returning({ email: t.email });
  return row ?? null;
}

export async function listSubscribers(
  db: Db,
  o: { page: number; pageSize: number; query?: string; includeInactive?: boolean },
): Promise<{ rows: NewsletterSubscriber[]; total: number }> {
  const q = o.query?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    o.includeInactive ? undefined : eq(t.isActive, true),
    pattern ? or(ilike(t.email, pattern), ilike(t.fullName, pattern)) : undefined,
  );
  const pageSize = Math.min(Math.max(1, o.pageSize), 200);
  const page = Math.max(1, o.page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(desc(t.subscribedAt), desc(t.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(t).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function subscriberStats(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${t.isActive})`,
      daily: sql<number>`count(*) filter (where ${t.isActive} and ${t.frequency} = 'daily')`,
      weekly: sql<number>`count(*) filter (where ${t.isActive} and ${t.frequency} = 'weekly')`,
      monthly: sql<number>`count(*) filter (where ${t.isActive} and ${t.frequency} = 'monthly')`,
    })
    .from(t);
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    daily: Number(row?.daily ?? 0),
    weekly: Number(row?.weekly ?? 0),
    monthly: Number(row?.monthly ?? 0),
  };
}

/**
 * The next page of a campaign's audience in id order (keyset pagination): active subscribers of
 * the frequency who subscribed before the campaign was created.
 */
export async function audiencePage(
  db: Db,
  o: { frequency: Frequency; campaignId: string; afterId: string | null; limit: number },
) {
  return db
    .select({ id: t.id, email: t.email, fullName: t.fullName, locale: t.locale })
    .from(t)
    .where(
      and(
        eq(t.isActive, true),
        eq(t.frequency, o.frequency),
        // Compared in SQL: a JS Date would drop the microseconds and miss a same-millisecond signup.
        sql`${t.subscribedAt} <= (select ${newsletterCampaigns.createdAt} from ${newsletterCampaigns}
              where ${newsletterCampaigns.id} = ${o.campaignId})`,
        o.afterId ? gt(t.id, o.afterId) : undefined,
      ),
    )
    .orderBy(t.id)
    .limit(o.limit);
}
