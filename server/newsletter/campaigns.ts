import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { newsletterCampaigns as c, mailOutbox } from "../db/schema";
import type { CampaignProgress, Frequency } from "./types";

export async function insertCampaign(
  db: Db,
  o: {
    subject: string;
    content: string;
    /** The Arabic version, both or neither (Arabic subscribers get the English without it). */
    arabic?: { subject: string; content: string } | null;
    frequency: Frequency;
    isTest: boolean;
    createdBy: string | null;
  },
) {
  const [row] = await db
    .insert(c)
    .values({
      subject: o.subject,
      contentMarkdown: o.content,
      subjectAr: o.arabic?.subject ?? null,
      contentMarkdownAr: o.arabic?.content ?? null,
      frequency: o.frequency,
      isTest: o.isTest,
      createdBy: o.createdBy,
      status: o.isTest ? "done" : "queued",
    })
    .returning();
  return row!;
}

export type CampaignRow = Awaited<ReturnType<typeof insertCampaign>>;

export async function findCampaign(db: Db, id: string) {
  const [row] = await db.select().from(c).where(eq(c.id, id));
  return row ?? null;
}

/** All of a campaign's mails are in the outbox: it is sending. */
export async function markCampaignQueued(db: Db, id: string, total: number) {
  await db
    .update(c)
    .set({ status: "sending", total })
    .where(and(eq(c.id, id), eq(c.status, "queued")));
}

/** Campaigns whose queueing was cut short (the process stopped); they are queued again. */
export async function staleQueuedCampaigns(db: Db, olderThan: Date) {
  return db
    .select()
    .from(c)
    .where(and(eq(c.status, "queued"), eq(c.isTest, false), lt(c.createdAt, olderThan)));
}

/** Sending campaigns with nothing left to deliver become done. */
export async function completeFinishedCampaigns(db: Db) {
  return db
    .update(c)
    .set({ status: "done", completedAt: new Date() })
    .where(
      and(
        eq(c.status, "sending"),
        sql`not exists (select 1 from ${mailOutbox} where ${mailOutbox.campaignId} = ${c.id}
              and ${mailOutbox.status} in ('pending', 'sending'))`,
      ),
    )
    .returning({ id: c.id });
}

/** Delivery progress counted from mail_outbox by campaign_id. */
export async function campaignProgress(
  db: Db,
  o: { ids?: string[]; limit?: number },
): Promise<CampaignProgress[]> {
  const campaigns = await db
    .select()
    .from(c)
    .where(and(eq(c.isTest, false), o.ids ? inArray(c.id, o.ids) : undefined))
    .orderBy(desc(c.createdAt))
    .limit(Math.min(o.limit ?? 20, 100));
  if (campaigns.length === 0) return [];
  const counts = await db
    .select({
      campaignId: mailOutbox.campaignId,
      total: sql<number>`count(*)`,
      sent: sql<number>`count(*) filter (where ${mailOutbox.status} = 'sent')`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'dead')`,
    })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.campaignId,
        campaigns.map((x) => x.id),
      ),
    )
    .groupBy(mailOutbox.campaignId);
  const byId = new Map(counts.map((r) => [r.campaignId, r]));
  return campaigns.map((x) => {
    const n = byId.get(x.id);
    const total = Number(n?.total ?? 0);
    const sent = Number(n?.sent ?? 0);
    const failed = Number(n?.failed ?? 0);
    return {
      id: x.id,
      subject: x.subject,
      frequency: x.frequency,
      status: x.status,
      createdAt: x.createdAt,
      completedAt: x.completedAt,
      total,
      sent,
      failed,
      pending: total - sent - failed,
    };
  });
}
